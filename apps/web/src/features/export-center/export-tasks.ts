import { type ExportTask, exportTaskEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { exportTaskKeys } from '../../components/export/ask-export';
import { api } from '../../lib/api/request';

/** While a task is queued or running its progress is asked for this often. */
export const POLL_MS = 2_000;

export const isActive = (task: Pick<ExportTask, 'status'>) => task.status === 'queued' || task.status === 'running';

export interface TaskPageRequest {
  offset: number;
  size: number;
  all: boolean;
}

/** A page of 导出中心, polled while any task on it (or any of the caller's own) still runs. */
export function useExportTasks(request: TaskPageRequest) {
  return useQuery({
    queryKey: [...exportTaskKeys.all, 'page', request],
    queryFn: ({ signal }) => api(exportTaskEndpoints.page, { body: request, signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && (data.active > 0 || data.list.some(isActive)) ? POLL_MS : false;
    },
  });
}

/** The caller's own exports still queued or running (the header icon's badge). */
export function useActiveExports(): number {
  const query = useQuery({
    queryKey: [...exportTaskKeys.all, 'active'],
    queryFn: ({ signal }) => api(exportTaskEndpoints.page, { body: { offset: 1, size: 1 }, signal, quiet: true }),
    refetchInterval: (q) => ((q.state.data?.active ?? 0) > 0 ? POLL_MS : false),
  });
  return query.data?.active ?? 0;
}
