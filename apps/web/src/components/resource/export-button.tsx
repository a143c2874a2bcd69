import type { AnyResource } from '@console/contract';
import { ExportTaskButton } from '../export/export-task-button';
import type { ListState } from './list-state';

/** The export request body: the list's filters and sort, not its paging. */
export function exportBody(state: ListState): Record<string, unknown> {
  return { ...state.filters, ...(state.sort ? { sort: state.sort } : {}) };
}

/**
 * 导出: the list as the operator sees it (filters and sort) becomes an export task; the file is
 * written on the server and downloaded from 导出中心.
 */
export function ExportButton({ resource, state }: { resource: AnyResource; state: ListState }) {
  const endpoint = resource.endpoints.export;
  if (!endpoint) return null;
  return <ExportTaskButton endpoint={endpoint} body={exportBody(state)} messageKey={`export-${resource.name}`} />;
}
