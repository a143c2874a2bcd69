import type { RenewalKind } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { priceFor } from '../system-config/prices.js';
import { configValue } from '../system-config/values.js';

// A renewal buys one year of a store's web system (1) or staff mini-program (2). Stores carry no
// edition yet, so the year is priced at the first edition on sale (版本管理's order) from the price
// tables of 网页版价格 / 员工小程序价格, with the provider's override where the platform set one
// (system-config/prices.ts). Where the tables hold no yearly price for it, the older settings
// answer: the provider's own agent.webPrice / staffAppletPrice, then system config.
const configKey: Record<RenewalKind, 'webPrice' | 'staffAppletPrice'> = { 1: 'webPrice', 2: 'staffAppletPrice' };
const fallback: Record<RenewalKind, number> = { 1: 98_000, 2: 12_000 };
const YEAR = 3;

/** The yearly price in fen of one store's web (1) or staff mini-program (2) period for a provider. */
export async function renewalPrice(db: Kysely<Database>, agentId: number, kind: RenewalKind): Promise<number> {
  const edition = await db
    .selectFrom('edition')
    .where('status', '=', 1)
    .select('id')
    .orderBy('sort')
    .orderBy('id')
    .executeTakeFirst();
  if (edition) {
    const listed = await priceFor(db, { product: kind, editionId: edition.id, period: YEAR, agentId });
    if (listed) return listed.amount;
  }
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
