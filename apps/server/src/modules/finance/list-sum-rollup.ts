import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { chinaDay } from '@console/contract';

// The rollup behind the sums above 门店缴费记录 and 服务商缴费记录 (issue 18; tables in migration
// 0195): every payment row counted once, on its payment's China day, under its provider, item,
// channel and status, with its amount and refund. A write that creates a payment row or changes
// its status, amount or refund calls `addPaymentToListSums` or `movePaymentInListSums` in the
// same transaction (finance/payment-writes.ts is the one writer of refunds), so the sums read
// from it equal the rows' own. `list-sum-rebuild.ts` rebuilds and checks it.

/** Which payment table a rollup row sums. */
export const LIST_SUM_SOURCE = { storePayment: 1, providerPayment: 2 } as const;
export type ListSumSource = keyof typeof LIST_SUM_SOURCE;

export interface ListSumLevel {
  table: string;
  period: 'day' | 'month';
  /** Keyed by provider; the platform levels sum every provider. */
  agent: boolean;
}

export const LIST_SUM_DAY: ListSumLevel = { table: 'payment_list_sum_day', period: 'day', agent: true };
export const LIST_SUM_MONTH: ListSumLevel = { table: 'payment_list_sum_month', period: 'month', agent: true };
export const LIST_SUM_PLATFORM_DAY: ListSumLevel = {
  table: 'payment_list_sum_platform_day',
  period: 'day',
  agent: false,
};
export const LIST_SUM_PLATFORM_MONTH: ListSumLevel = {
  table: 'payment_list_sum_platform_month',
  period: 'month',
  agent: false,
};
export const LIST_SUM_LEVELS = [LIST_SUM_DAY, LIST_SUM_MONTH, LIST_SUM_PLATFORM_DAY, LIST_SUM_PLATFORM_MONTH];

/** The figures each level sums, as SQL columns. */
export const LIST_SUM_FIGURES = ['row_count', 'amount', 'refund_amount'] as const;

/** A level's key columns in its primary key's order. */
export function listSumKeys(level: ListSumLevel): string[] {
  return [...(level.agent ? ['agent_id'] : []), 'source', level.period, 'item', 'channel', 'status'];
}

/** A payment row as the list sums see it (both tables have these columns). */
export interface ListSumRow {
  agentId: number;
  item: number;
  channel: number;
  status: number;
  amount: number;
  refundAmount: number;
  paidAt: string | null;
}

/** The China day a row's 支付时间 falls on; '' for a row never paid (no date range selects it). */
export const listSumDay = (paidAt: string | null): string => (paidAt ? chinaDay(paidAt) : '');

async function bump(trx: Kysely<Database>, source: ListSumSource, row: ListSumRow, sign: 1 | -1): Promise<void> {
  const day = listSumDay(row.paidAt);
  const values: Record<string, string | number> = {
    agent_id: row.agentId,
    source: LIST_SUM_SOURCE[source],
    day,
    month: day.slice(0, 7),
    item: row.item,
    channel: row.channel,
    status: row.status,
    row_count: sign,
    amount: sign * row.amount,
    refund_amount: sign * (row.refundAmount ?? 0),
  };
  for (const level of LIST_SUM_LEVELS) {
    const keys = listSumKeys(level);
    const columns = [...keys, ...LIST_SUM_FIGURES];
    await sql`insert into ${sql.table(level.table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(columns.map((c) => values[c]))})
      on conflict (${sql.join(keys.map((c) => sql.ref(c)))}) do update set ${sql.join(
        LIST_SUM_FIGURES.map((f) => sql`${sql.ref(f)} = ${sql.ref(`${level.table}.${f}`)} + excluded.${sql.ref(f)}`),
      )}`.execute(trx);
  }
}

/** A payment row was written: count it. Call inside the transaction that inserts it. */
export async function addPaymentToListSums(trx: Kysely<Database>, source: ListSumSource, row: ListSumRow) {
  await bump(trx, source, row, 1);
}

/** A payment row changed (paid, refunded, closed…): it leaves its old sums and joins its new ones. */
export async function movePaymentInListSums(
  trx: Kysely<Database>,
  source: ListSumSource,
  before: ListSumRow,
  after: ListSumRow,
) {
  await bump(trx, source, before, -1);
  await bump(trx, source, after, 1);
}
