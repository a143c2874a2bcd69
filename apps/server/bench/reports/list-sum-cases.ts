import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/types.js';

// The sums above 门店缴费记录 and 服务商缴费记录 as an operator filters them (issue 18), each beside
// its naive peer: the same figures by a plain SUM over the matching payment rows, which is what the
// server did for any filter but the provider before the list-sums rollup.

export interface SumsCase {
  label: string;
  body: Record<string, unknown>;
  /** How the server answers it: from the rollup (with edge rows) or from the rows via an index. */
  path: 'rollup' | 'rows';
}

/** China midnight starting a day, as the 支付时间 picker sends it (an instant). */
const chinaStart = (day: string) => new Date(`${day}T00:00:00.000+08:00`).toISOString();
/** The last millisecond before `hours` into a China day. */
const inHours = (day: string, hours: number) =>
  new Date(Date.parse(`${day}T00:00:00.000+08:00`) + hours * 3_600_000 - 1).toISOString();
const chinaEnd = (day: string) => inHours(day, 24);
const addMonths = (month: string, n: number) => {
  const d = new Date(`${month}-01T00:00:00.000Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};
const lastDay = (month: string) =>
  new Date(Date.parse(`${addMonths(month, 1)}-01T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The cases for one list: `month` is the last whole China month of the data, `agentId` and
 * `storeId` a provider's and a store's (null when the list has no store rows).
 */
export function sumsCases(month: string, agentId: string, storeId: string | null): SumsCase[] {
  const oneMonth = { from: chinaStart(`${month}-01`), to: chinaEnd(lastDay(month)) };
  const quarter = { from: chinaStart(`${addMonths(month, -2)}-01`), to: chinaEnd(lastDay(month)) };
  const year = { from: chinaStart(`${addMonths(month, -11)}-01`), to: chinaEnd(lastDay(month)) };
  // The range a UTC picker would send: both edges fall mid China day, so their rows are summed.
  const utcMonth = { from: `${month}-01T00:00:00.000Z`, to: `${month}-28T23:59:59.999Z` };
  const cases: SumsCase[] = [
    { label: '无筛选', body: {}, path: 'rollup' },
    { label: '一个服务商', body: { agentId }, path: 'rollup' },
    { label: '支付时间一个月', body: { paidAt: oneMonth }, path: 'rollup' },
    { label: '支付时间一个月（UTC 边界，两端半天按行）', body: { paidAt: utcMonth }, path: 'rollup' },
    { label: '支付时间一个月 + 渠道 + 状态', body: { paidAt: oneMonth, channel: 2, status: 1 }, path: 'rollup' },
    { label: '支付时间三个月 + 项目', body: { paidAt: quarter, item: 1 }, path: 'rollup' },
    { label: '支付时间一年 + 状态已退款', body: { paidAt: year, status: 2 }, path: 'rollup' },
    { label: '服务商 + 支付时间三个月 + 渠道', body: { agentId, paidAt: quarter, channel: 3 }, path: 'rollup' },
    {
      label: '一天之内 00:00–20:00（按行）',
      body: { paidAt: { from: chinaStart(`${month}-15`), to: inHours(`${month}-15`, 20) } },
      path: 'rows',
    },
  ];
  if (storeId) cases.push({ label: '一个门店（按行）', body: { storeId }, path: 'rows' });
  return cases;
}

/** The naive peer: the case's figures summed over the matching rows (no rollup). */
export async function rowSumsPeer(db: Kysely<Database>, table: string, body: Record<string, unknown>) {
  const conds = [sql`1 = 1`];
  for (const key of ['agentId', 'storeId', 'item', 'channel', 'status'] as const) {
    const column = { agentId: 'agent_id', storeId: 'store_id', item: 'item', channel: 'channel', status: 'status' }[
      key
    ];
    if (body[key] !== undefined) conds.push(sql`${sql.ref(column)} = ${Number(body[key])}`);
  }
  const range = body.paidAt as { from: string; to: string } | undefined;
  if (range) conds.push(sql`paid_at >= ${range.from} and paid_at <= ${range.to}`);
  return sql`select count(*), sum(case when status in (1, 2) then amount else 0 end), sum(refund_amount)
    from ${sql.table(table)} where ${sql.join(conds, sql` and `)}`.execute(db);
}
