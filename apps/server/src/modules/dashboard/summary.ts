import { type DashboardCard, type DashboardSummary, EXPIRING_WITHIN_DAYS, chinaDay } from '@console/contract';
import { type Kysely, sql } from 'kysely';
import { accountFigures } from './account-figures.js';
import type { Database } from '../../db/types.js';

type Db = Kysely<Database>;
type Counts = Map<number, number>;

function sum(counts: Counts): number {
  let total = 0;
  for (const n of counts.values()) total += n;
  return total;
}

const of = (counts: Counts, value: number) => counts.get(value) ?? 0;

function toCounts(rows: { key: number | null; n: number | string | bigint }[]): Counts {
  // PostgreSQL answers count() as bigint text; SQLite as a number.
  return new Map(rows.map((row) => [Number(row.key ?? -1), Number(row.n)]));
}

/**
 * Grouped counts run on the (agent_id, status, id) and (status, id) indexes, so they read the
 * index only. Every tenant query takes the scope's agentId when there is one.
 */
async function agentCounts(db: Db): Promise<Counts> {
  const rows = await db
    .selectFrom('agent')
    .select((eb) => ['status as key', eb.fn.countAll<number>().as('n')])
    // The reserved direct-run provider is the platform itself, not a provider to count.
    .where('direct', '=', 0)
    .groupBy('status')
    .execute();
  return toCounts(rows);
}

/** The accounts of the operator's own side: 账号管理 lists platform accounts, a provider its own operators. */
async function accountCounts(db: Db, agentId: number | null): Promise<Counts> {
  let query = db.selectFrom('admin').select((eb) => ['open as key', eb.fn.countAll<number>().as('n')]);
  query = agentId === null ? query.where('adminType', '=', 0) : query.where('agentId', '=', agentId);
  return toCounts(await query.groupBy('open').execute());
}

async function enterpriseTotal(db: Db, agentId: number | null): Promise<number> {
  let query = db.selectFrom('enterprise').select((eb) => eb.fn.countAll<number>().as('n'));
  if (agentId !== null) query = query.where('agentId', '=', agentId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function storeCounts(db: Db, agentId: number | null): Promise<Counts> {
  let query = db.selectFrom('store').select((eb) => ['status as key', eb.fn.countAll<number>().as('n')]);
  if (agentId !== null) query = query.where('agentId', '=', agentId);
  return toCounts(await query.groupBy('status').execute());
}

/** Normal stores whose web edition lapses from today to the horizon (the store_web_expire index). */
async function expiringStores(db: Db, agentId: number | null, today: string, horizon: string): Promise<number> {
  let query = db
    .selectFrom('store')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 1)
    .where('webExpireAt', '>=', today)
    .where('webExpireAt', '<=', horizon);
  if (agentId !== null) query = query.where('agentId', '=', agentId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function gatewayCounts(db: Db, agentId: number | null): Promise<Counts> {
  let query = db
    .selectFrom('gatewayDevice')
    .select((eb) => ['communicationStatus as key', eb.fn.countAll<number>().as('n')]);
  if (agentId !== null) query = query.where('agentId', '=', agentId);
  return toCounts(await query.groupBy('communicationStatus').execute());
}

async function androidCounts(db: Db, agentId: number | null): Promise<Counts> {
  let query = db.selectFrom('androidDevice').select((eb) => ['online as key', eb.fn.countAll<number>().as('n')]);
  if (agentId !== null) query = query.where('agentId', '=', agentId);
  return toCounts(await query.groupBy('online').execute());
}

/** total, already lapsed (before today), lapsing from today to today + 30 days inclusive. */
async function expiringUsers(
  db: Db,
  table: 'homeUser' | 'staffAppletUser',
  column: 'expireDate' | 'dueDate',
  agentId: number | null,
  today: string,
  horizon: string,
) {
  const date = sql.ref<string>(column);
  const count = async (filter: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => {
    const row = await filter(base())
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const base = () => {
    const query = db.selectFrom(table);
    return agentId === null ? query : query.where('agentId', '=', agentId);
  };
  const [total, expired, expiringSoon] = await Promise.all([
    count((q) => q),
    count((q) => q.where(date, '<', today)),
    count((q) => q.where(date, '>=', today).where(date, '<=', horizon)),
  ]);
  return { total, expired, expiringSoon };
}

async function recentOperations(db: Db, agentId: number | null) {
  let query = db
    .selectFrom('operationLog')
    .select(['id', 'at', 'operatorName', 'module', 'action', 'result'])
    .orderBy('id', 'desc')
    .limit(8);
  if (agentId !== null) query = query.where('agentId', '=', agentId);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

export interface SummaryInput {
  agentId: number | null;
  /** The cards the operator may see (`dashboardCardsFor`); the others are not even counted. */
  cards: ReadonlySet<DashboardCard>;
  now: Date;
}

export async function loadDashboardSummary(db: Db, input: SummaryInput): Promise<DashboardSummary> {
  const { agentId, now, cards } = input;
  // Calendar dates are the business's dates: China time, whatever the server's zone.
  const today = chinaDay(now);
  const horizon = chinaDay(now, EXPIRING_WITHIN_DAYS);
  const when = <T>(card: DashboardCard, load: () => Promise<T>): Promise<T | null> =>
    cards.has(card) ? load() : Promise.resolve(null);
  const [agents, accounts, enterprises, stores, gateways, androids, homeUsers, staffUsers, operations, storesSoon] =
    await Promise.all([
      agentId === null ? when('providers', () => agentCounts(db)) : null,
      when('accounts', () => accountCounts(db, agentId)),
      when('enterprises', () => enterpriseTotal(db, agentId)),
      when('stores', () => storeCounts(db, agentId)),
      when('gateways', () => gatewayCounts(db, agentId)),
      when('androidDevices', () => androidCounts(db, agentId)),
      when('homeUsers', () => expiringUsers(db, 'homeUser', 'expireDate', agentId, today, horizon)),
      when('staffUsers', () => expiringUsers(db, 'staffAppletUser', 'dueDate', agentId, today, horizon)),
      when('recentOperations', () => recentOperations(db, agentId)),
      when('stores', () => expiringStores(db, agentId, today, horizon)),
    ]);
  const account = agentId === null ? null : await when('account', () => accountFigures(db, agentId, today));
  const online = (counts: Counts) => ({
    total: sum(counts),
    online: of(counts, 1),
    offline: sum(counts) - of(counts, 1),
  });
  return {
    scope: agentId === null ? 'platform' : 'agent',
    generatedAt: now.toISOString(),
    providers: agents && {
      total: sum(agents) - of(agents, 4),
      pending: of(agents, 0),
      active: of(agents, 1),
      frozen: of(agents, 2),
      expired: of(agents, 3),
    },
    accounts: accounts && { total: sum(accounts), enabled: of(accounts, 1) },
    enterprises: enterprises === null ? null : { total: enterprises },
    stores: stores && {
      // What the store lists show: the recycle bin is counted on its own.
      total: sum(stores) - of(stores, 4),
      pending: of(stores, 0),
      normal: of(stores, 1),
      disabled: of(stores, 2),
      expired: of(stores, 3),
      recycled: of(stores, 4),
      expiringSoon: storesSoon ?? 0,
    },
    expiryWindow: { from: today, to: horizon },
    gateways: gateways && online(gateways),
    androidDevices: androids && online(androids),
    homeUsers,
    staffUsers,
    recentOperations: operations,
    account,
  };
}
