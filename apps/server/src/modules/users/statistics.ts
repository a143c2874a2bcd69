import { EXPIRING_WITHIN_DAYS, chinaDay } from '@console/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { TenantScope } from '../../http/context.js';

/** Today and the expiring horizon as calendar dates in China time (the operators' day). */
export function chinaDates(now = new Date()): { today: string; horizon: string } {
  return { today: chinaDay(now), horizon: chinaDay(now, EXPIRING_WITHIN_DAYS) };
}

/**
 * Head statistics of a user list: total, active (enabled and not expired), expired, and expiring
 * within the window. One aggregate over the scoped rows, using the (agent_id, date) index.
 */
export async function userStatistics(
  db: Kysely<Database>,
  table: 'homeUser' | 'staffAppletUser',
  dateColumn: 'expireDate' | 'dueDate',
  scope: TenantScope,
  filter: { agentId?: number; enterpriseId?: number; storeId?: number },
) {
  const { today, horizon } = chinaDates();
  if (table === 'staffAppletUser' && filter.storeId === undefined && filter.enterpriseId === undefined)
    return staffStatisticsFromCounts(db, scope.agentId ?? filter.agentId, today, horizon);
  const col = sql.ref(dateColumn);
  let qb = db
    .selectFrom(table)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when status = 1 and ${col} >= ${today} then 1 else 0 end), 0)`.as('active'),
      sql<number>`coalesce(sum(case when ${col} < ${today} then 1 else 0 end), 0)`.as('expired'),
      sql<number>`coalesce(sum(case when ${col} >= ${today} and ${col} <= ${horizon} then 1 else 0 end), 0)`.as(
        'expiringSoon',
      ),
    ]);
  const agentId = scope.agentId ?? filter.agentId;
  if (agentId !== undefined) qb = qb.where('agentId', '=', agentId);
  if (filter.storeId !== undefined) qb = qb.where('storeId', '=', filter.storeId);
  const enterpriseId = filter.enterpriseId;
  if (enterpriseId !== undefined) {
    qb = qb.where('storeId', 'in', (eb) =>
      eb.selectFrom('store').select('store.id').where('store.enterpriseId', '=', enterpriseId),
    );
  }
  const row = await qb.executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    active: Number(row.active),
    expired: Number(row.expired),
    expiringSoon: Number(row.expiringSoon),
  };
}

/**
 * 门店员工's cards from the counts per due date and status its triggers keep (migration 0210): the
 * same figures as the aggregate above, from a few thousand rows instead of every staff row.
 */
async function staffStatisticsFromCounts(
  db: Kysely<Database>,
  agentId: number | undefined,
  today: string,
  horizon: string,
) {
  const from = agentId === undefined ? sql`staff_due_count_all` : sql`staff_due_count where agent_id = ${agentId}`;
  const { rows } = await sql<Record<string, unknown>>`select
      coalesce(sum(n), 0) as total,
      coalesce(sum(case when status = 1 and due_date >= ${today} then n else 0 end), 0) as active,
      coalesce(sum(case when due_date < ${today} then n else 0 end), 0) as expired,
      coalesce(sum(case when due_date >= ${today} and due_date <= ${horizon} then n else 0 end), 0) as expiring
    from ${from}`.execute(db);
  const row = rows[0] ?? {};
  return {
    total: Number(row.total ?? 0),
    active: Number(row.active ?? 0),
    expired: Number(row.expired ?? 0),
    expiringSoon: Number(row.expiring ?? 0),
  };
}

/** Distinct non-empty values of a text column within scope (at most 200), for filter drop-downs. */
export async function distinctValues(
  db: Kysely<Database>,
  table: 'homeUser' | 'staffAppletUser',
  column: 'appVersion' | 'deviceType',
  scope: TenantScope,
): Promise<string[]> {
  let qb = db
    .selectFrom(table)
    .select(sql.ref<string>(column).as('v'))
    .distinct()
    .where(sql.ref(column), '<>', '')
    .limit(200);
  if (scope.agentId !== null) qb = qb.where('agentId', '=', scope.agentId);
  const rows = await qb.execute();
  // Sorted here, not by the engines' differing collations: versions newest first, names A→Z.
  const values = rows.map((r) => r.v);
  return column === 'appVersion'
    ? values.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))
    : values.sort((a, b) => a.localeCompare(b, 'zh-CN'));
}
