import { DownloadOutlined } from '@ant-design/icons';
import { type AnyResource, permissionOf } from '@console/contract';
import { Button } from 'antd';
import { useSession } from '../../stores/session';
import { useAskExport } from '../export/ask-export';
import type { ListState } from './list-state';

/** The export request body: the list's filters and sort, not its paging. */
export function exportBody(state: ListState): Record<string, unknown> {
  return { ...state.filters, ...(state.sort ? { sort: state.sort } : {}) };
}

/**
 * 导出: the list as the operator sees it (filters and sort) becomes an export task; the file is
 * written on the server and downloaded from 导出中心. Shown only to operators who hold the
 * resource's export permission.
 */
export function ExportButton({ resource, state }: { resource: AnyResource; state: ListState }) {
  const endpoint = resource.endpoints.export;
  const permissions = useSession((s) => s.permissions);
  const { ask, busy } = useAskExport(`export-${resource.name}`);
  const permission = endpoint ? permissionOf(endpoint.access) : null;
  if (!endpoint || !permission || !permissions.has(permission)) return null;
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void ask(endpoint, exportBody(state))}>
      导出
    </Button>
  );
}
