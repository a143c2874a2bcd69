import { UNBOUND_STORE_TEXT } from '@console/contract';
import type { DbRow } from '../../crud/types.js';
import { AppError, fieldError } from '../../lib/app-error.js';

/** The answer to a command that needs the terminal's store while it has none. */
export const storeRequired = (what: string) =>
  new AppError('stateConflict', { message: `该终端${UNBOUND_STORE_TEXT}，请先在编辑中选择门店再${what}` });

/**
 * A terminal's store on edit (the store's provider is checked by the resource's `refs`): an
 * unbound terminal may be bound, a bound one moved to another store but not left without one
 * (its voice code and push records name the store). Room type and floor describe a room of the
 * store, so they change only on a terminal that has one, or gets one in the same edit.
 */
export function checkStoreBinding(patch: DbRow, existing: DbRow): DbRow {
  if (patch.storeId === null && existing.storeId !== null) throw fieldError('storeId', '请选择门店');
  const storeId = patch.storeId === undefined ? existing.storeId : patch.storeId;
  if (storeId !== null) return patch;
  const moved = (field: 'roomType' | 'floor') => patch[field] !== undefined && patch[field] !== existing[field];
  if (moved('roomType') || moved('floor')) throw storeRequired('设置房间类型和楼层');
  return patch;
}
