import type { Generated } from 'kysely';
import type { Stamped } from './core.js';

export interface ExportTaskTable extends Stamped {
  id: Generated<number>;
  adminId: number;
  agentId: number | null;
  /** The list's resource name or the report's key (the job finds its writer by it). */
  source: string;
  title: string;
  /** JSON text of the request's validated body. */
  filters: string;
  /** The contract's exportTaskStatus. */
  status: string;
  rowsDone: Generated<number>;
  rowsTotal: number | null;
  truncated: Generated<number>;
  failReason: string | null;
  /** The file's name in the export directory, while it exists. */
  fileName: string | null;
  fileSize: number | null;
  finishedAt: string | null;
  expiresAt: string | null;
}

export interface ExportTaskTables {
  exportTask: ExportTaskTable;
}
