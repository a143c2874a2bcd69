import { freeAuthCodeResource } from '@console/contract';
import { sql } from 'kysely';
import type { RequestContext } from '../../http/context.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { chinaDate, nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';

const DAY = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * Hands a code to one of its provider's stores: the store's web licence runs `days` more days
 * from its current expiry (or from today when already expired). The code's conditional UPDATE
 * (`status = unused`, not expired, at the version the operator saw) decides, so a code is
 * handed exactly once even when two operators click together.
 */
export async function assignFreeAuthCode(ctx: RequestContext, body: { id: string; storeId: string; version: number }) {
  let find = ctx.db.selectFrom('freeAuthCode').selectAll().where('id', '=', toDbId(body.id));
  if (ctx.scope.agentId !== null) find = find.where('agentId', '=', ctx.scope.agentId);
  const code = await find.executeTakeFirst();
  if (!code) throw new AppError('recordNotFound');
  ctx.audit.targetId = String(code.id);
  const store = await ctx.db
    .selectFrom('store')
    .select(['id', 'webExpireAt'])
    .where('id', '=', toDbId(body.storeId))
    .where('agentId', '=', code.agentId)
    .executeTakeFirst();
  // Another provider's store answers as a missing one.
  if (!store) throw fieldError('storeId', '门店不存在');

  const today = chinaDate();
  const taken = await ctx.db
    .updateTable('freeAuthCode')
    .set({ status: 1, storeId: store.id, usedAt: nowIso(), updatedAt: nowIso(), version: sql`version + 1` })
    .where('id', '=', code.id)
    .where('status', '=', 0)
    .where('expireDate', '>=', today)
    .where('version', '=', body.version)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) {
    if (code.status === 1) throw new AppError('stateConflict', { message: '该免授权码已发放给门店，不能再次使用' });
    if (code.status === 2) throw new AppError('stateConflict', { message: '该免授权码已作废' });
    if (code.expireDate < today) throw new AppError('stateConflict', { message: '该免授权码已过期' });
    throw new AppError('versionConflict');
  }

  const from = store.webExpireAt && store.webExpireAt > today ? store.webExpireAt : today;
  const webExpireAt = addDays(from, code.days);
  await ctx.db
    .updateTable('store')
    .set({ webExpireAt, updatedAt: nowIso(), version: sql`version + 1` })
    .where('id', '=', store.id)
    .execute();
  ctx.audit.changes = [
    { field: 'status', before: 0, after: 1 },
    { field: 'storeId', before: null, after: String(store.id) },
    { field: 'store.webExpireAt', before: store.webExpireAt, after: webExpireAt },
  ];
  emitAfterCommit(ctx.req, 'resourceChanged', {
    resource: freeAuthCodeResource.name,
    agentId: code.agentId,
    ids: [String(code.id)],
    action: 'update',
  });
  emitAfterCommit(ctx.req, 'resourceChanged', {
    resource: 'store',
    agentId: code.agentId,
    ids: [String(store.id)],
    action: 'update',
  });
  return { storeId: String(store.id), webExpireAt };
}
