import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { balanceOf } from '../provider-console/balance.js';

/** Ledger kinds of a renewal (accountRecordKind): 3 门店续费, 4 员工小程序. */
const RENEWAL_KINDS = [3, 4];

/** 首页's account card of a provider: its balance, and what it spent on renewals this China month. */
export async function accountFigures(db: Kysely<Database>, agentId: number, today: string) {
  const monthStart = `${today.slice(0, 7)}-01`;
  // Midnight of the 1st in China, as the instant the ledger stores.
  const since = new Date(`${monthStart}T00:00:00+08:00`).toISOString();
  const [balance, renewals] = await Promise.all([
    balanceOf(db, agentId),
    db
      .selectFrom('accountRecord')
      .where('agentId', '=', agentId)
      .where('direction', '=', 2)
      .where('kind', 'in', RENEWAL_KINDS)
      .where('createdAt', '>=', since)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
      .executeTakeFirst(),
  ]);
  return {
    balance,
    monthRenewals: Number(renewals?.n ?? 0),
    monthRenewalAmount: Number(renewals?.amount ?? 0),
    monthStart,
  };
}
