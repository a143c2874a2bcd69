import type { ResourceSelect } from '../../crud/types.js';

// Display-name joins shared by the tenant lists of this area: the provider and the store of a row.

export const withAgentName = (qb: ResourceSelect): ResourceSelect => qb.leftJoin('agent as a', 'a.id', 't.agentId');
export const withStoreAndAgent = (qb: ResourceSelect): ResourceSelect =>
  qb.leftJoin('store as s', 's.id', 't.storeId').leftJoin('agent as a', 'a.id', 't.agentId');

export const agentNameColumn = { agentName: 'a.name' } as const;
export const storeAndAgentColumns = { storeName: 's.name', agentName: 'a.name' } as const;

/** The store list's display joins (provider and enterprise names), shared by every read of a store row. */
export const storeJoins = (qb: ResourceSelect): ResourceSelect =>
  withAgentName(qb).leftJoin('enterprise as e', 'e.id', 't.enterpriseId');
export const storeColumns = { ...agentNameColumn, enterpriseName: 'e.name' } as const;
