import type { EndpointDef } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, NetworkError, isAbortError } from '../../lib/api/api-error';
import { api } from '../../lib/api/request';

/** The screen that lists the operator's exports (a profile screen every operator reaches). */
export const EXPORT_CENTER_PATH = '/profile/exportCenter';

/** Query keys of 导出中心's data: asking for an export refreshes the screen and the header badge. */
export const exportTaskKeys = { all: ['exportTasks'] as const };

/**
 * 导出 for a list or a report: the server answers with a queued export task (a job writes the
 * file), so the operator is told 导出任务已创建 with a link to 导出中心, where the file appears.
 */
export function useAskExport(key: string) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const ask = async (endpoint: EndpointDef, body: Record<string, unknown>) => {
    setBusy(true);
    try {
      await api(endpoint, { body });
      void queryClient.invalidateQueries({ queryKey: exportTaskKeys.all });
      void message.open({
        key,
        type: 'success',
        duration: 6,
        content: (
          <span>
            导出任务已创建，文件生成后可在导出中心下载{' '}
            <a
              href={EXPORT_CENTER_PATH}
              onClick={(event) => {
                event.preventDefault();
                message.destroy(key);
                void navigate(EXPORT_CENTER_PATH);
              }}
            >
              查看导出中心
            </a>
          </span>
        ),
      });
    } catch (error) {
      // The request client has shown the server's reason or the network failure already.
      const told =
        (error instanceof ApiError && error.notified) || error instanceof NetworkError || isAbortError(error);
      if (!told) void message.error(error instanceof ApiError ? error.errMsg : '导出失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return { ask, busy };
}
