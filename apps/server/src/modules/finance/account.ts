import { randomInt } from 'node:crypto';
import { accountRecordResource, adjustAccountEndpoint } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';

/** A ledger number: date, time and a random tail, e.g. ZH20261122091503482913. */
export function ledgerNo(prefix: string, at = new Date()): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** The platform recharges or deducts a provider's account; the new row carries the balance after it. */
export function registerAccountAdjust(app: FastifyInstance): void {
  bindEndpoint(app, adjustAccountEndpoint, async ({ body }, ctx) => {
    const agentId = toDbId(body.agentId);
    // A no-op update takes the provider's row lock (PostgreSQL), so concurrent adjustments of one
    // account queue up and each sees the previous balance; SQLite serialises writers anyway.
    const locked = await ctx.db
      .updateTable('agent')
      .set((eb) => ({ version: eb.ref('version') }))
      .where('id', '=', agentId)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) throw new AppError('recordNotFound');
    const last = await ctx.db
      .selectFrom('accountRecord')
      .where('agentId', '=', agentId)
      .orderBy('id', 'desc')
      .select('balanceAfter')
      .executeTakeFirst();
    const before = last?.balanceAfter ?? 0;
    const balanceAfter = body.direction === 1 ? before + body.amount : before - body.amount;
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
    return { ...row, id: String(row.id), agentId: String(row.agentId) };
  });
}
