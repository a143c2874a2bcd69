import {
  type RenewalKind,
  type Store,
  chinaDay,
  renewalKind,
  storeRenewalEndpoints,
  storeResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { RowCodec, parseId } from '../../crud/codec.js';
import { ResourceQuery } from '../../crud/query.js';
import { anyTableDb } from '../../crud/types.js';
import { bindMounted } from '../../http/bind-mounted.js';
import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { ledgerNo } from '../finance/account.js';
import { PAY } from '../finance/payment-money.js';
import { recordProviderPayment } from '../finance/payment-writes.js';
import { storeColumns, storeJoins } from '../stores/joins.js';
import { balanceOf, lockAccount } from './balance.js';
import { renewalPrice } from './price.js';

/** Normal, disabled and expired stores are renewed; applications and the recycle bin are not. */
const RENEWABLE = [1, 2, 3];
const EXPIRED = 3;
const NORMAL = 1;
/** Ledger kinds (accountRecordKind): 3 门店续费, 4 员工小程序. */
const LEDGER_KIND: Record<RenewalKind, number> = { 1: 3, 2: 4 };
/** The provider payment item (providerPaymentItem) a renewal is: 2 门店续费, 3 员工小程序. */
const PAYMENT_ITEM: Record<RenewalKind, number> = { 1: 2, 2: 3 };
/** payChannel 5 账户余额: paid from the provider's account with the platform. */
const BALANCE_CHANNEL = 5;
const COLUMN: Record<RenewalKind, 'webExpireAt' | 'appletExpireAt'> = { 1: 'webExpireAt', 2: 'appletExpireAt' };

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The period a renewal buys: from the current expiry, or from today when it lapsed or was never set. */
export function renewedPeriod(current: string | null, years: number, today = chinaDay()) {
  const from = current && current >= today ? current : today;
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  // 29 February plus a year is 28 February, not 1 March.
  const to = new Date(Date.UTC(y + years, m - 1, Math.min(d, m === 2 ? 28 : d)));
  return { from, to: to.toISOString().slice(0, 10) };
}

const storeQuery = new ResourceQuery(storeResource, 'store', { joins: storeJoins, columns: storeColumns });
const codec = new RowCodec(storeResource);

/** The store within the request's scope (another provider's reads as missing), not in the recycle bin. */
async function scopedStore(ctx: RequestContext, id: number) {
  let q = ctx.db
    .selectFrom('store')
    .where('id', '=', id)
    .where('status', '<>', 4)
    .select(['id', 'agentId', 'storeNo', 'name', 'status', 'version', 'webExpireAt', 'appletExpireAt']);
  if (ctx.scope.agentId !== null) q = q.where('agentId', '=', ctx.scope.agentId);
  const store = await q.executeTakeFirst();
  if (!store) throw new AppError('recordNotFound');
  if (!RENEWABLE.includes(store.status)) {
    throw new AppError('stateConflict', { message: '待审核的开店申请不能续费，请等待平台审核通过' });
  }
  return store;
}

/**
 * 门店续费: quote, then a charge from the provider's balance with its ledger row and its provider
 * payment record (with the report rollups), in one transaction.
 */
export function registerStoreRenewal(app: FastifyInstance): void {
  bindMounted(app, storeRenewalEndpoints.quote, async ({ query }, ctx) => {
    const store = await scopedStore(ctx, parseId(query.id));
    const unitPrice = await renewalPrice(ctx.db, store.agentId, query.kind);
    const period = renewedPeriod(store[COLUMN[query.kind]], query.years);
    return {
      unitPrice,
      years: query.years,
      amount: unitPrice * query.years,
      balance: await balanceOf(ctx.db, store.agentId),
      expireFrom: period.from,
      expireTo: period.to,
    };
  });

  bindMounted(app, storeRenewalEndpoints.renew, async ({ body }, ctx) => {
    const id = parseId(body.id);
    ctx.audit.targetId = String(id);
    // Locate first, then lock the owner's account: every charge to it waits for this one.
    const located = await scopedStore(ctx, id);
    await lockAccount(ctx.db, located.agentId);
    const store = await scopedStore(ctx, id);
    if (store.version !== body.version) throw new AppError('versionConflict');
    const unitPrice = await renewalPrice(ctx.db, store.agentId, body.kind);
    const amount = unitPrice * body.years;
    if (amount !== body.expectedAmount) {
      throw new AppError('stateConflict', { message: `续费价格已变更，本次应付 ${yuan(amount)}，请重新确认` });
    }
    const balance = await balanceOf(ctx.db, store.agentId);
    if (balance < amount) {
      throw new AppError('stateConflict', {
        message: `账户余额不足：本次续费需 ${yuan(amount)}，当前余额 ${yuan(balance)}，请先充值`,
      });
    }
    const column = COLUMN[body.kind];
    const period = renewedPeriod(store[column], body.years);
    const reopen = body.kind === 1 && store.status === EXPIRED;
    const now = nowIso();
    const updated = await ctx.db
      .updateTable('store')
      .set({ [column]: period.to, ...(reopen ? { status: NORMAL } : {}), updatedAt: now, version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    // Another renewal of this store committed between our read and this write: charge nothing.
    if (Number(updated.numUpdatedRows) === 0) throw new AppError('versionConflict');
    const label = renewalKind.labels[body.kind];
    const ledger = await ctx.db
      .insertInto('accountRecord')
      .values({
        agentId: store.agentId,
        recordNo: ledgerNo('XF'),
        direction: 2,
        kind: LEDGER_KIND[body.kind],
        amount,
        balanceAfter: balance - amount,
        relatedNo: store.storeNo,
        remark: `${store.name}${label}续费 ${body.years} 年，有效期至 ${period.to}`,
        createdAt: now,
        updatedAt: now,
      })
      .returning(['id', 'recordNo'])
      .executeTakeFirstOrThrow();
    // A renewal is a provider paying the platform (domain: provider payment, saasRecord): the
    // record 服务商缴费记录 and the reports count, paid now, in the same transaction as the charge.
    // quantity is stores (the rollups count renewed stores by it), so the years are in the price.
    const payment = {
      agentId: store.agentId,
      storeId: store.id,
      recordNo: ledgerNo('RN'),
      item: PAYMENT_ITEM[body.kind],
      quantity: 1,
      unitPrice: amount,
      amount,
      channel: BALANCE_CHANNEL,
      status: PAY.paid,
      paidAt: now,
      periodStart: period.from,
      periodEnd: period.to,
      remark: `${label}续费 ${body.years} 年（${yuan(unitPrice)}/年），账户流水 ${ledger.recordNo}`,
      createdAt: now,
      updatedAt: now,
    };
    const paidId = await recordProviderPayment(ctx.db, payment);
    ctx.audit.changes = [
      { field: column, before: store[column], after: period.to },
      ...(reopen ? [{ field: 'status', before: EXPIRED, after: NORMAL }] : []),
      { field: 'balance', before: balance, after: balance - amount },
    ];
    for (const [resource, ids] of [
      ['store', [String(id)]],
      ['accountRecord', [String(ledger.id)]],
      ['saasRecord', [String(paidId)]],
    ] as const) {
      emitAfterCommit(ctx.req, 'resourceChanged', {
        resource,
        agentId: store.agentId,
        ids: [...ids],
        action: resource === 'store' ? 'update' : 'create',
      });
    }
    const row = await storeQuery.readById(anyTableDb(ctx), ctx, id);
    if (!row) throw new AppError('recordNotFound');
    return codec.toWire(row) as Store;
  });
}
