import {
  type PricePeriod,
  type PriceProduct,
  priceProductOf,
  staffAppletPriceResource,
  webPriceResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import type { ResourceSelect } from '../../crud/types.js';
import type { Database } from '../../db/types.js';

export interface PriceQuestion {
  /** 1 网页版 (webPrice), 2 员工小程序 (staffAppletPrice); `priceProductOf` names them. */
  product: PriceProduct;
  editionId: number;
  /** 1 月, 2 季, 3 年. */
  period: PricePeriod;
  /** The provider asking; null asks for the base price. */
  agentId: number | null;
}

export interface PriceAnswer {
  /** Fen. */
  amount: number;
  /** Whether the provider's own override answered, or the base price. */
  source: 'override' | 'base';
  priceId: number;
}

/**
 * The price of product P, edition E, period X for provider A: A's override when the platform set
 * one, else the base price; null when neither exists (the edition is not sold for that period).
 * Store renewal and anything else that charges a provider asks this, never the table directly.
 */
export async function priceFor(db: Kysely<Database>, q: PriceQuestion): Promise<PriceAnswer | null> {
  const rows = await db
    .selectFrom('productPrice')
    .select(['id', 'amount', 'providerId'])
    .where('product', '=', q.product)
    .where('editionId', '=', q.editionId)
    .where('period', '=', q.period)
    .where((eb) =>
      q.agentId === null
        ? eb('providerId', 'is', null)
        : eb.or([eb('providerId', 'is', null), eb('providerId', '=', q.agentId)]),
    )
    .execute();
  const override = rows.find((r) => r.providerId !== null);
  const base = rows.find((r) => r.providerId === null);
  const hit = override ?? base;
  return hit ? { amount: hit.amount, source: override ? 'override' : 'base', priceId: hit.id } : null;
}

/** 网页版价格 and 员工小程序价格: one table, each screen pinned to its product. */
export function registerPrices(app: FastifyInstance): void {
  for (const resource of [webPriceResource, staffAppletPriceResource]) {
    const product = priceProductOf[resource.name as keyof typeof priceProductOf];
    registerResource(app, resource, 'product_price', {
      where: (eb) => eb('t.product', '=', product),
      joins: (qb: ResourceSelect) =>
        qb.leftJoin('edition as e', 'e.id', 't.editionId').leftJoin('agent as a', 'a.id', 't.providerId'),
      columns: { editionName: 'e.name', agentName: sql`coalesce(a.name, '')` },
      refs: { editionId: { table: 'edition', tenant: false }, providerId: { table: 'agent', tenant: false } },
      hooks: { beforeCreate: (values) => ({ ...values, product }) },
    });
  }
}
