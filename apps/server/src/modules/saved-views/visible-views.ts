import { type SavedViewState, savedViewState } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Operator } from '../../http/context.js';
import type { Database } from '../../db/types.js';

export interface ViewRow {
  id: number;
  ownerId: number;
  listKey: string;
  name: string;
  state: string;
  share: string;
  roleId: number | null;
  version: number;
  updatedAt: string;
  ownerName: string;
  defaultOf: number | null;
}

/**
 * The views of one list a viewer may see: their own; a platform operator also those shared with a
 * role they hold (platform views only); a provider's operator also those its provider's admin
 * shared with the staff (its own provider only). Another provider's views never match.
 */
export function visibleViews(db: Kysely<Database>, viewer: Operator, listKey: string) {
  return db
    .selectFrom('savedView as v')
    .innerJoin('admin as o', 'o.id', 'v.ownerId')
    .leftJoin('savedViewDefault as d', (join) => join.onRef('d.viewId', '=', 'v.id').on('d.adminId', '=', viewer.id))
    .where('v.listKey', '=', listKey)
    .where((eb) => {
      const platform = viewer.adminType === 0;
      const shared =
        platform || viewer.agentId === null
          ? eb.and([
              eb('v.share', '=', 'role'),
              eb('v.agentId', 'is', null),
              eb('v.roleId', 'in', eb.selectFrom('adminRole').select('roleId').where('adminId', '=', viewer.id)),
            ])
          : eb.and([eb('v.share', '=', 'provider'), eb('v.agentId', '=', viewer.agentId)]);
      return eb.or([eb('v.ownerId', '=', viewer.id), shared]);
    })
    .select([
      'v.id',
      'v.ownerId',
      'v.listKey',
      'v.name',
      'v.state',
      'v.share',
      'v.roleId',
      'v.version',
      'v.updatedAt',
      'o.name as ownerName',
      'd.id as defaultOf',
    ]);
}

const emptyState: SavedViewState = { filters: {}, size: 20, columns: { order: [], hidden: [], widths: {} } };

/** A stored state read back; one the contract no longer accepts reads as an empty view rather than failing the list. */
export function parseState(text: string): SavedViewState {
  try {
    const parsed = savedViewState.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : emptyState;
  } catch {
    return emptyState;
  }
}
