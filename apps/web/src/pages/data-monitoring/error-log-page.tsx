import { type ErrorLog, handleErrorEndpoint, permissionOf } from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { errorLogWeb } from '../../resources/error-log';

const handleCode = permissionOf(handleErrorEndpoint.access) ?? 'errorLog.handle';

/** /dataMonitoring/errorLog 错误日志: console and server errors grouped by fingerprint; mark handled. */
export default function ErrorLogPage() {
  const { message } = App.useApp();
  const web = useMemo(() => {
    const actions: RowAction<ErrorLog>[] = [
      {
        key: 'handle',
        label: '标记已处理',
        permission: handleCode,
        visible: (row) => row.handled === 0,
        confirm: (row) => `确定将「${row.message.slice(0, 40)}」标记为已处理吗？同一错误再次出现时会重新变为未处理。`,
        run: (row) =>
          api(handleErrorEndpoint, { query: { id: row.id } }).then(() => {
            void message.success('已标记为已处理');
          }),
      },
    ];
    return { ...errorLogWeb, rowActions: actions };
  }, [message]);
  return <ResourceListPage web={web} />;
}
