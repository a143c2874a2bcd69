import type { Generated } from 'kysely';
import type { Stamped } from './core.js';

export interface SavedViewTable extends Stamped {
  id: Generated<number>;
  ownerId: number;
  /** The owner's provider; null for a platform operator's view. */
  agentId: number | null;
  listKey: string;
  name: string;
  /** JSON text of the contract's savedViewState, validated on the way in and out. */
  state: string;
  /** The contract's savedViewShare. */
  share: string;
  roleId: number | null;
}

export interface SavedViewDefaultTable {
  id: Generated<number>;
  adminId: number;
  listKey: string;
  viewId: number;
}

export interface SavedViewTables {
  savedView: SavedViewTable;
  savedViewDefault: SavedViewDefaultTable;
}
