import { randomInt } from 'node:crypto';
import {
  type AccountRecord,
  accountRecordResource,
  adjustAccountEndpoint,
  directAdjustAccountEndpoint,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { balanceOf, lockAccount } from '../provider-console/balance.js';

/** A ledger number: date, time and a random tail, e.g. ZH20261122091503482913. */
export function ledgerNo(prefix: string, at = new Date()): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

interface Adjustment {
  direction: number;
  kind: number;
  amount: number;
  remark: string;
}

/**
 * Books an adjustment on a provider's account in the request's transaction: the account is
 * locked, the new row carries the balance after it, the operation log records the balance
 * change. `check` sees the balance before and after and may refuse.
 */
async function bookAdjustment(
  ctx: RequestContext,
  agentId: number,
  body: Adjustment,
  check: (before: number, after: number) => void = () => undefined,
): Promise<AccountRecord> {
  if (!(await lockAccount(ctx.db, agentId))) throw new AppError('recordNotFound');
  const before = await balanceOf(ctx.db, agentId);
  const balanceAfter = body.direction === 1 ? before + body.amount : before - body.amount;
  check(before, balanceAfter);
  const now = nowIso();
  const row = await ctx.db
    .insertInto('accountRecord')
    .values({
      agentId,
      recordNo: ledgerNo('ZH'),
      direction: body.direction,
      kind: body.kind,
      amount: body.amount,
      balanceAfter,
      relatedNo: '',
      remark: body.remark,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  ctx.audit.targetId = String(row.id);
  ctx.audit.changes = [{ field: 'balance', before, after: balanceAfter }];
  emitAfterCommit(ctx.req, 'resourceChanged', {
    resource: accountRecordResource.name,
    agentId,
    ids: [String(row.id)],
    action: 'create',
  });
  return { ...row, id: String(row.id), agentId: String(row.agentId) } as AccountRecord;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * The platform recharges or deducts a provider's account (服务商管理), and tops up or corrects
 * its own direct-run account (直营 交易记录, on the reserved provider the route scopes to).
 */
export function registerAccountAdjust(app: FastifyInstance): void {
  bindEndpoint(app, adjustAccountEndpoint, ({ body }, ctx) => bookAdjustment(ctx, toDbId(body.agentId), body));

  bindEndpoint(app, directAdjustAccountEndpoint, ({ body }, ctx) => {
    // The direct-run route scoped the request to the reserved provider (http/direct-run.ts).
    const agentId = ctx.scope.directRun ? ctx.scope.agentId : null;
    if (agentId === null) throw new AppError('forbidden');
    return bookAdjustment(ctx, agentId, body, (before, after) => {
      if (before !== body.balanceBefore) {
        throw new AppError('versionConflict', {
          message: `账户余额已变为 ¥${yuan(before)}，与确认时不同，请刷新后重新确认`,
        });
      }
      if (after < 0) throw new AppError('stateConflict', { message: `余额不足，当前余额 ¥${yuan(before)}` });
    });
  });
}
