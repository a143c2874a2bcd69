import { sql } from 'kysely';
import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { storeRequired } from '../devices/android-store-binding.js';
import { voiceCodePrice } from '../system-config/values.js';
import { lockBalanceFor, writeVoiceCharge } from './charge.js';

const ALLOCATED = 1;
const USED = 2;
/** How many candidate codes one request tries before saying none is free. */
const CANDIDATES = 30;

/**
 * Binds one of the device's provider's allocated codes to the device, exactly once each way.
 * Both steps are conditional UPDATEs whose affected-row count decides, never read-then-write:
 * first the device is claimed (`voice_code_id IS NULL`; on PostgreSQL a second request for the
 * same device waits on that row and then finds it taken), then a code (`status = allocated`).
 * Concurrent requests that pick the same code lose the UPDATE and try the next candidate.
 */
export async function bindVoiceCode(ctx: RequestContext, deviceId: number, options: { charged?: boolean } = {}) {
  let dq = ctx.db
    .selectFrom('androidDevice')
    .select(['id', 'agentId', 'storeId', 'voiceCodeId', 'deviceNo'])
    .where('id', '=', deviceId);
  if (ctx.scope.agentId !== null) dq = dq.where('agentId', '=', ctx.scope.agentId);
  const device = await dq.executeTakeFirst();
  if (!device) throw new AppError('recordNotFound');
  ctx.audit.targetId = String(deviceId);
  const taken = () => new AppError('stateConflict', { message: '该设备已绑定语音码' });
  if (device.voiceCodeId !== null) throw taken();
  // The code is recorded against the terminal's store, which a shipped terminal lacks until bound.
  if (device.storeId === null) throw storeRequired('绑定语音码');
  // A provider pays the configured price for each code it takes (the platform binding one pays
  // nothing); short of it, nothing is claimed.
  const price = options.charged ? await voiceCodePrice(ctx.db) : 0;
  const balance = options.charged ? await lockBalanceFor(ctx, device.agentId, price) : 0;
  const now = nowIso();
  const claimed = await ctx.db
    .updateTable('androidDevice')
    .set({ updatedAt: now, version: sql`version + 1` })
    .where('id', '=', deviceId)
    .where('voiceCodeId', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw taken();

  const candidates = await ctx.db
    .selectFrom('voiceCode')
    .select('id')
    .where('agentId', '=', device.agentId)
    .where('status', '=', ALLOCATED)
    .orderBy('id')
    .limit(CANDIDATES)
    .execute();
  if (candidates.length === 0) {
    throw new AppError('stateConflict', { message: '没有可用的语音码，请先向平台申请分配' });
  }
  // Different requests start at different candidates, so they rarely collide.
  const start = Math.floor(Math.random() * candidates.length);
  for (let i = 0; i < candidates.length; i += 1) {
    const codeId = (candidates[(start + i) % candidates.length] as { id: number }).id;
    const took = await ctx.db
      .updateTable('voiceCode')
      .set({ status: USED, deviceId, storeId: device.storeId, usedAt: now, updatedAt: now, version: sql`version + 1` })
      .where('id', '=', codeId)
      .where('status', '=', ALLOCATED)
      .where('agentId', '=', device.agentId)
      .executeTakeFirst();
    if (Number(took.numUpdatedRows) !== 1) continue;
    await ctx.db.updateTable('androidDevice').set({ voiceCodeId: codeId }).where('id', '=', deviceId).execute();
    const code = await ctx.db.selectFrom('voiceCode').select('code').where('id', '=', codeId).executeTakeFirstOrThrow();
    ctx.audit.changes = [{ field: 'voiceCodeId', before: null, after: String(codeId) }];
    if (options.charged) {
      await writeVoiceCharge(ctx, {
        agentId: device.agentId,
        price,
        balance,
        code: code.code,
        deviceNo: device.deviceNo,
      });
      ctx.audit.changes.push({ field: 'balance', before: balance, after: balance - price });
      emitAfterCommit(ctx.req, 'resourceChanged', {
        resource: 'accountRecord',
        agentId: device.agentId,
        ids: [],
        action: 'create',
      });
    }
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: 'voiceCode',
      agentId: device.agentId,
      ids: [String(codeId)],
      action: 'update',
    });
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: 'android',
      agentId: device.agentId,
      ids: [String(deviceId)],
      action: 'update',
    });
    return { deviceId: String(deviceId), voiceCodeId: String(codeId), code: code.code };
  }
  throw new AppError('stateConflict', { message: '语音码正被其他设备领取，请重试' });
}
