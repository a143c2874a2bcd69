import { join, resolve } from 'node:path';
import type { Config } from '../../config.js';

/** The job queue that writes export tasks' files. */
export const EXPORT_JOB = 'export';

export interface ExportJobData {
  taskId: number;
}

/** Where export files are written: EXPORT_DIR, else a folder inside UPLOAD_DIR no upload key can name. */
export function exportDirOf(config: Pick<Config, 'EXPORT_DIR' | 'UPLOAD_DIR'>): string {
  return resolve(config.EXPORT_DIR ?? join(config.UPLOAD_DIR, '.exports'));
}
