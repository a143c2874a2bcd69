import type { RenewalKind } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { configValue } from '../system-config/values.js';

// The platform's yearly prices as main holds them today: system config `webPrice` (门店系统年费)
// and `staffAppletPrice` (员工小程序年费), each overridable per provider (agent.webPrice,
// agent.staffAppletPrice). The price tables of system-config/prices.ts replace this lookup when
// they land: this function is the one place renewals read a price from.
const configKey: Record<RenewalKind, 'webPrice' | 'staffAppletPrice'> = { 1: 'webPrice', 2: 'staffAppletPrice' };
const fallback: Record<RenewalKind, number> = { 1: 98_000, 2: 12_000 };

/** The yearly price in fen of one store's web (1) or staff mini-program (2) period for a provider. */
export async function renewalPrice(db: Kysely<Database>, agentId: number, kind: RenewalKind): Promise<number> {
  const agent = await db
    .selectFrom('agent')
    .where('id', '=', agentId)
    .select(['webPrice', 'staffAppletPrice'])
    .executeTakeFirst();
  const own = kind === 1 ? agent?.webPrice : agent?.staffAppletPrice;
  if (typeof own === 'number') return own;
  const configured = Number(await configValue(db, configKey[kind], String(fallback[kind])));
  return Number.isSafeInteger(configured) && configured >= 0 ? configured : fallback[kind];
}
