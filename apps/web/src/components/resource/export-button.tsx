import { DownloadOutlined } from '@ant-design/icons';
import {
  type AnyResource,
  EXPORT_ROWS_HEADER,
  EXPORT_ROW_CAP,
  EXPORT_TRUNCATED_HEADER,
  permissionOf,
} from '@console/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { ApiError, NetworkError, isAbortError } from '../../lib/api/api-error';
import { useSession } from '../../stores/session';
import type { ListState } from './list-state';

// Progress text at most this often: a fast download delivers many small chunks a second.
const PROGRESS_EVERY_MS = 150;

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The export request body: the list's filters and sort, not its paging. */
export function exportBody(state: ListState): Record<string, unknown> {
  return { ...state.filters, ...(state.sort ? { sort: state.sort } : {}) };
}

/**
 * 导出: the list as the operator sees it (filters and sort), produced by the server as an .xlsx,
 * with the bytes received shown while it arrives. Shown only to operators who hold the resource's
 * export permission.
 */
export function ExportButton({ resource, state }: { resource: AnyResource; state: ListState }) {
  const endpoint = resource.endpoints.export;
  const permissions = useSession((s) => s.permissions);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const permission = endpoint ? permissionOf(endpoint.access) : null;
  if (!endpoint || !permission || !permissions.has(permission)) return null;

  const key = `export-${resource.name}`;
  const progress = (content: string) => void message.open({ key, type: 'loading', content, duration: 0 });
  const run = async () => {
    setBusy(true);
    progress('正在导出，等待服务器生成文件…');
    let shownAt = 0;
    try {
      // The streaming download loads with the first export, not with every list.
      const { download, saveFile } = await import('../../lib/api/download');
      const file = await download(
        endpoint,
        {
          body: exportBody(state),
          onProgress: (bytes) => {
            const now = Date.now();
            if (now - shownAt < PROGRESS_EVERY_MS) return;
            shownAt = now;
            progress(`正在导出，已下载 ${sizeText(bytes)}`);
          },
        },
        `${resource.title}.xlsx`,
      );
      saveFile(file.blob, file.filename);
      const rows = Number(file.headers.get(EXPORT_ROWS_HEADER) ?? Number.NaN);
      const count = Number.isFinite(rows) ? `共 ${rows.toLocaleString('en-US')} 条，` : '';
      if (file.headers.get(EXPORT_TRUNCATED_HEADER) === '1') {
        void message.open({
          key,
          type: 'warning',
          content: `记录过多，仅导出前 ${EXPORT_ROW_CAP.toLocaleString('en-US')} 条；请缩小筛选范围后分批导出`,
          duration: 8,
        });
      } else {
        void message.open({
          key,
          type: 'success',
          content: `导出完成，${count}文件 ${sizeText(file.blob.size)}`,
          duration: 3,
        });
      }
    } catch (error) {
      message.destroy(key);
      // The request client has shown the server's reason or the network failure already.
      const told =
        (error instanceof ApiError && error.notified) || error instanceof NetworkError || isAbortError(error);
      if (!told) void message.error(error instanceof ApiError ? error.errMsg : '导出失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      导出
    </Button>
  );
}
