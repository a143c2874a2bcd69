import { agentGatewayResource, gatewayDeviceResource, gatewayEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { DeviceRef } from '../../adapters/devices/index.js';
import { registerResource } from '../../crud/register-resource.js';
import { sampleGateway } from '../../db/sample-rows.js';
import type { GatewayDeviceTable } from '../../db/tables/domain-core.js';
import { RowCodec } from '../../crud/codec.js';
import type { DbRow, ResourceSelect } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { revokeCredential } from './device-access.js';
import { DeviceService } from './service.js';

const joins = (qb: ResourceSelect): ResourceSelect =>
  qb.leftJoin('store as s', 's.id', 't.storeId').leftJoin('agent as a', 'a.id', 't.agentId');
const columns = {
  storeName: 's.name',
  agentName: 'a.name',
  banned: sql`(case when exists (select 1 from device_ban b where b.device_name = t.device_name) then 1 else 0 end)`,
};
const afterRead = (wire: DbRow): DbRow => ({
  ...wire,
  banned: Number(wire.banned) === 1,
  restartOk: wire.restartOk === null || wire.restartOk === undefined ? null : Number(wire.restartOk) === 1,
});

type Row = Selectable<GatewayDeviceTable>;
/** What the status endpoints answer from a stored row. */
const statusOf = (row: Row) => ({
  deviceName: row.deviceName,
  communicationStatus: row.communicationStatus === 1 ? (1 as const) : (0 as const),
  lastSeenAt: row.lastSeenAt,
  restarting: row.restarting === 1,
  firmwareVersion: row.firmwareVersion,
  restartOk: row.restartOk === null ? null : row.restartOk === 1,
  restartMessage: row.restartMessage,
});

/** Gateways (ZKB): platform and provider lists, unbinding, live queries, restart, the ban list. */
export function registerGateways(app: FastifyInstance): void {
  registerResource(app, gatewayDeviceResource, 'gatewayDevice', { joins, columns, hooks: { afterRead } });
  registerResource(app, agentGatewayResource, 'gatewayDevice', {
    joins,
    columns,
    hooks: { afterRead },
    seed: ({ db, agentId }) => sampleGateway(db, agentId),
  });
  const codec = new RowCodec(gatewayDeviceResource);

  const find = async (ctx: RequestContext, deviceName: string) => {
    let q = ctx.db.selectFrom('gatewayDevice').selectAll().where('deviceName', '=', deviceName);
    if (ctx.scope.agentId !== null) q = q.where('agentId', '=', ctx.scope.agentId);
    const row = await q.executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    return row;
  };
  const ref = (row: { deviceName: string; ip: string; firmwareVersion: string; communicationStatus: number }) =>
    ({
      serial: row.deviceName,
      kind: 'gateway',
      ip: row.ip,
      firmwareVersion: row.firmwareVersion,
      online: row.communicationStatus === 1,
    }) satisfies DeviceRef;
  /** Asks the device; its answer is the freshest truth, so the row follows it. */
  const ask = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      throw DeviceService.toAppError(err);
    }
  };
  const remember = async (ctx: RequestContext, id: number, patch: Record<string, unknown>) => {
    await ctx.db.updateTable('gatewayDevice').set(patch).where('id', '=', id).execute();
  };

  const unbind = async (ctx: RequestContext, id: number) => {
    let q = ctx.db.selectFrom('gatewayDevice').selectAll().where('id', '=', id);
    if (ctx.scope.agentId !== null) q = q.where('agentId', '=', ctx.scope.agentId);
    const row = await q.executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    if (row.storeId === null) throw new AppError('stateConflict', { message: '该网关未绑定门店' });
    await ctx.db
      .updateTable('gatewayDevice')
      .set({ storeId: null, boundAt: null, updatedAt: nowIso(), version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
    ctx.audit.changes = [{ field: 'storeId', before: String(row.storeId), after: null }];
    // Taken out of its store, the gateway may not speak for it: its key stops working until reissued.
    await revokeCredential(ctx.db, row.deviceName, '网关已解绑门店');
    app.devices.accessChanged(ctx.req, row.deviceName);
    app.devices.gatewayChanged(row.agentId, id, ctx.req);
    return null;
  };
  bindEndpoint(app, gatewayEndpoints.unbind, ({ query }, ctx) => unbind(ctx, toDbId(query.id)));
  bindEndpoint(app, gatewayEndpoints.agentUnbind, ({ query }, ctx) => unbind(ctx, toDbId(query.id)));

  bindEndpoint(app, gatewayEndpoints.queryIp, async ({ query }, ctx) => {
    const row = await find(ctx, query.deviceName);
    const { ip } = await ask(() => app.devices.adapter.queryIp(ref(row)));
    await remember(ctx, row.id, { ip, communicationStatus: 1, statusChangedAt: nowIso(), lastSeenAt: nowIso() });
    return { deviceName: row.deviceName, ip };
  });

  bindEndpoint(app, gatewayEndpoints.queryStatus, async ({ query }, ctx) => {
    const row = await find(ctx, query.deviceName);
    const status = await ask(() => app.devices.adapter.queryCommunicationStatus(ref(row)));
    await remember(ctx, row.id, {
      communicationStatus: status.online ? 1 : 0,
      statusChangedAt: nowIso(),
      lastSeenAt: status.lastSeenAt ?? row.lastSeenAt,
    });
    return {
      ...statusOf(row),
      communicationStatus: status.online ? 1 : 0,
      lastSeenAt: status.lastSeenAt ?? row.lastSeenAt,
      restarting: status.restarting,
    };
  });

  bindEndpoint(app, gatewayEndpoints.reportInfo, async ({ query }, ctx) => {
    const row = await find(ctx, query.deviceName);
    const info = await ask(() => app.devices.adapter.reportInfo(ref(row)));
    await remember(ctx, row.id, {
      ip: info.ip,
      firmwareVersion: info.firmwareVersion,
      deviceCode: info.deviceCode,
      communicationStatus: info.online ? 1 : 0,
      statusChangedAt: nowIso(),
      lastSeenAt: info.lastSeenAt,
      restarting: info.restarting ? 1 : 0,
    });
    const fresh: DbRow = await ctx.db
      .selectFrom('gatewayDevice as t')
      .leftJoin('store as s', 's.id', 't.storeId')
      .leftJoin('agent as a', 'a.id', 't.agentId')
      .selectAll('t')
      .select(['s.name as storeName', 'a.name as agentName'])
      .select(
        sql<number>`(case when exists (select 1 from device_ban b where b.device_name = t.device_name) then 1 else 0 end)`.as(
          'banned',
        ),
      )
      .where('t.id', '=', row.id)
      .executeTakeFirstOrThrow();
    return codec.asEntity(afterRead(codec.toWire(fresh)));
  });

  // The stored status, without waking the device: the list's status column polls this.
  bindEndpoint(app, gatewayEndpoints.deviceStatus, async (_input, ctx) => {
    const { deviceName } = ctx.req.params as { deviceName: string };
    return statusOf(await find(ctx, deviceName));
  });

  bindEndpoint(app, gatewayEndpoints.versions, async (_input, ctx) => {
    let q = ctx.db
      .selectFrom('gatewayDevice')
      .select('firmwareVersion')
      .distinct()
      .where('firmwareVersion', '<>', '')
      .orderBy('firmwareVersion', 'desc');
    if (ctx.scope.agentId !== null) q = q.where('agentId', '=', ctx.scope.agentId);
    return (await q.execute()).map((r) => r.firmwareVersion);
  });

  bindEndpoint(app, gatewayEndpoints.deviceCode, async ({ query }, ctx) => {
    const row = await find(ctx, query.deviceName);
    const { deviceCode } = await ask(() => app.devices.adapter.getDeviceCode(ref(row)));
    await remember(ctx, row.id, { deviceCode });
    return { deviceName: row.deviceName, deviceCode };
  });

  // The restart is recorded now and sent after commit, so no transaction waits on a device;
  // the device's report (or its failure to answer) clears `restarting`.
  bindEndpoint(app, gatewayEndpoints.restart, async ({ query }, ctx) => {
    const row = await find(ctx, query.deviceName);
    ctx.audit.targetId = String(row.id);
    const banned = await ctx.db
      .selectFrom('deviceBan')
      .select('id')
      .where('deviceName', '=', row.deviceName)
      .executeTakeFirst();
    if (banned) throw new AppError('stateConflict', { message: '该网关在黑名单中，不能下发指令' });
    if (row.restarting === 1) throw new AppError('stateConflict', { message: '网关正在重启，请稍候' });
    if (row.communicationStatus !== 1) throw new AppError('stateConflict', { message: '网关离线，无法重启' });
    const now = nowIso();
    await ctx.db
      .updateTable('gatewayDevice')
      .set({ restarting: 1, restartRequestedAt: now, restartOk: null, restartMessage: '', updatedAt: now })
      .where('id', '=', row.id)
      .where('restarting', '=', 0)
      .execute();
    ctx.audit.changes = [{ field: 'restarting', before: 0, after: 1 }];
    app.devices.gatewayChanged(row.agentId, row.id, ctx.req);
    app.devices.afterCommit(ctx.req, async () => {
      try {
        await app.devices.adapter.restart(ref(row));
      } catch (err) {
        // Offline or no answer: the restart did not happen; the row says so and stops saying it is restarting.
        const message = err instanceof Error ? err.message : '网关未接受重启指令';
        await app.db
          .updateTable('gatewayDevice')
          .set({ restarting: 0, restartOk: 0, restartMessage: message.slice(0, 200), updatedAt: nowIso() })
          .where('id', '=', row.id)
          .execute();
        app.devices.gatewayChanged(row.agentId, row.id);
      }
    });
    return { deviceName: row.deviceName, restarting: true as const };
  });

  bindEndpoint(app, gatewayEndpoints.banList, async ({ query }, ctx) => {
    let q = ctx.db.selectFrom('deviceBan').selectAll().orderBy('id', 'desc').limit(500);
    if (query.keyword) q = q.where('deviceName', 'like', `%${query.keyword.replace(/[\\%_]/g, '')}%`);
    return (await q.execute()).map((r) => ({
      id: String(r.id),
      deviceName: r.deviceName,
      reason: r.reason,
      createdAt: r.createdAt,
    }));
  });

  bindEndpoint(app, gatewayEndpoints.addBan, async ({ body }, ctx) => {
    const exists = await ctx.db
      .selectFrom('deviceBan')
      .select('id')
      .where('deviceName', '=', body.deviceName)
      .executeTakeFirst();
    if (exists) throw fieldError('deviceName', '该设备号已在黑名单中');
    const row = await ctx.db
      .insertInto('deviceBan')
      .values({
        deviceName: body.deviceName,
        reason: body.reason,
        createdBy: ctx.operator?.id ?? null,
        createdAt: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    ctx.audit.targetId = String(row.id);
    // Once committed, the device side stops listening to it too (its messages dropped, told why).
    app.devices.afterCommit(ctx.req, () => Promise.resolve(app.devices.adapter.setBanned(row.deviceName, true)));
    app.devices.accessChanged(ctx.req, row.deviceName);
    return { id: String(row.id), deviceName: row.deviceName, reason: row.reason, createdAt: row.createdAt };
  });

  bindEndpoint(app, gatewayEndpoints.delBan, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const row = await ctx.db.deleteFrom('deviceBan').where('id', '=', id).returning('deviceName').executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    ctx.audit.changes = [{ field: 'deviceName', before: row.deviceName, after: null }];
    app.devices.afterCommit(ctx.req, () => Promise.resolve(app.devices.adapter.setBanned(row.deviceName, false)));
    app.devices.accessChanged(ctx.req, row.deviceName);
    return null;
  });
}
