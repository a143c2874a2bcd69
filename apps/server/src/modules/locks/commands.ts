import { lockCommandKind, lockCommandResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DeviceRef, LockResult } from '../../adapters/devices/index.js';
import { RowCodec } from '../../crud/codec.js';
import { parseId } from '../../crud/codec.js';
import type { RequestContext } from '../../http/context.js';
import { requireOperator } from '../../http/context.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { emitAfterCommit } from '../../plugins/events.js';

export type LockCommandOrder = { kind: 1 } | { kind: 2; lockerNo: number } | { kind: 3; cardNo: string };

const RUNNING = 0;
const OK = 1;
const FAILED = 2;
const codec = new RowCodec(lockCommandResource);

/**
 * Records a lock command as running and, once that row has committed, sends it through the
 * device adapter to the store's gateway; the gateway's answer (or its silence) is written back to
 * the row, and for a config push to the integration, then announced so open screens refresh.
 */
export async function sendLockCommand(app: FastifyInstance, ctx: RequestContext, id: string, order: LockCommandOrder) {
  let q = ctx.db.selectFrom('lockIntegration').selectAll().where('id', '=', parseId(id));
  if (ctx.scope.agentId !== null) q = q.where('agentId', '=', ctx.scope.agentId);
  const lock = await q.executeTakeFirst();
  if (!lock) throw new AppError('recordNotFound');
  ctx.audit.targetId = String(lock.id);
  if (order.kind !== 1 && lock.status !== 1) {
    throw new AppError('stateConflict', { message: '该门店的柜锁对接已停用，请先启用' });
  }
  if (order.kind !== 1 && lock.pushStatus !== 2) {
    throw new AppError('stateConflict', { message: '柜锁配置尚未成功下发到网关，请先下发配置' });
  }
  if (order.kind === 2) {
    const last = lock.lockerStart + lock.lockerCount - 1;
    if (order.lockerNo < lock.lockerStart || order.lockerNo > last) {
      throw fieldError('lockerNo', `柜号须在 ${lock.lockerStart}–${last} 之间`);
    }
  }
  const gateway = await ctx.db
    .selectFrom('gatewayDevice')
    .select(['deviceName', 'ip', 'firmwareVersion', 'communicationStatus'])
    .where('storeId', '=', lock.storeId)
    .orderBy('communicationStatus', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (!gateway) throw new AppError('stateConflict', { message: '该门店未绑定网关，无法下发指令' });

  const target =
    order.kind === 1 ? `${lock.lockerCount} 个柜门` : order.kind === 2 ? `${order.lockerNo} 号柜` : order.cardNo;
  const now = nowIso();
  const row = await ctx.db
    .insertInto('lockCommand')
    .values({
      agentId: lock.agentId,
      integrationId: lock.id,
      storeId: lock.storeId,
      command: order.kind,
      target,
      status: RUNNING,
      message: '等待网关应答',
      gatewaySerial: gateway.deviceName,
      operatorName: requireOperator(ctx).name,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (order.kind === 1) {
    await ctx.db
      .updateTable('lockIntegration')
      .set({ pushStatus: 1, updatedAt: now, version: sql`version + 1` })
      .where('id', '=', lock.id)
      .execute();
  }
  ctx.audit.action = lockCommandKind.labels[order.kind];
  ctx.audit.changes = [{ field: 'command', before: null, after: `${lockCommandKind.labels[order.kind]}：${target}` }];
  emitAfterCommit(ctx.req, 'resourceChanged', {
    resource: 'lockCommand',
    agentId: lock.agentId,
    ids: [String(row.id)],
    action: 'create',
  });

  const ref: DeviceRef = {
    serial: gateway.deviceName,
    kind: 'gateway',
    ip: gateway.ip,
    firmwareVersion: gateway.firmwareVersion,
    online: gateway.communicationStatus === 1,
  };
  app.devices.afterCommit(ctx.req, async () => {
    const adapter = app.devices.adapter;
    let result: LockResult;
    try {
      result =
        order.kind === 1
          ? await adapter.pushLockConfig(ref, {
              vendor: lock.vendor,
              protocol: lock.protocol,
              cardType: lock.cardType,
              cardSector: lock.cardSector,
              sectorKey: lock.sectorKey,
              lockerCount: lock.lockerCount,
              lockerStart: lock.lockerStart,
              enabled: lock.status === 1,
            })
          : order.kind === 2
            ? await adapter.openLocker(ref, order.lockerNo)
            : await adapter.clearWristband(ref, order.cardNo);
    } catch (err) {
      // Offline or silent gateways are outcomes the operator reads in the log, not crashes.
      result = { ok: false, message: err instanceof Error ? err.message : '网关无应答', at: nowIso() };
    }
    await finish(app, row.id, lock.id, lock.agentId, order.kind === 1, result);
  });
  return codec.toEntity({ ...row, storeName: null });
}

async function finish(
  app: FastifyInstance,
  commandId: number,
  lockId: number,
  agentId: number,
  push: boolean,
  result: LockResult,
) {
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('lockCommand')
      .set({ status: result.ok ? OK : FAILED, message: result.message, finishedAt: result.at, updatedAt: result.at })
      .where('id', '=', commandId)
      .execute();
    if (push) {
      // Only the push still marked running lands; an edit since then keeps 未下发.
      await trx
        .updateTable('lockIntegration')
        .set({ pushStatus: result.ok ? 2 : 3, ...(result.ok ? { pushedAt: result.at } : {}), updatedAt: result.at })
        .where('id', '=', lockId)
        .where('pushStatus', '=', 1)
        .execute();
    }
  });
  if (!app.hasDecorator('events')) return;
  app.events.emit('resourceChanged', { resource: 'lockCommand', agentId, ids: [String(commandId)], action: 'update' });
  if (push)
    app.events.emit('resourceChanged', {
      resource: 'lockIntegration',
      agentId,
      ids: [String(lockId)],
      action: 'update',
    });
}
