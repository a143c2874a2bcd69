import type { Generated } from 'kysely';
import type { Stamped } from './core.js';

/** A checked import file waiting for the operator's go-ahead (migration 0145). */
export interface RegisterImportTable extends Stamped {
  id: Generated<number>;
  /** The resource imported into, e.g. macAddress. */
  resource: string;
  fileName: string;
  /** 0 previewed, 1 committed, 2 being written (src/imports/commit-batches.ts). */
  status: number;
  total: number;
  /** JSON: the valid rows with their row numbers, as checked at preview. */
  rows: string;
  /** JSON: the rows refused at preview. */
  errors: string;
  createdBy: number;
  /** Rows written: while 2, how many of `rows` (from the first) are in the register. */
  inserted: number;
}

export interface RegisterImportTables {
  registerImport: RegisterImportTable;
}
