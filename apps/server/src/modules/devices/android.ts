import {
  agentAndroidResource,
  androidDeviceResource,
  androidEndpoints,
  roomType,
  serviceType,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { RowCodec } from '../../crud/codec.js';
import { ResourceQuery } from '../../crud/query.js';
import { registerResource } from '../../crud/register-resource.js';
import { sampleAndroid } from '../../db/sample-rows.js';
import { type ResourceOptions, type ResourceSelect, anyTableDb } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import { checkStoreBinding } from './android-store-binding.js';
import { revokeCredential } from './device-access.js';
import { DeviceService } from './service.js';

const options: ResourceOptions<typeof androidDeviceResource> = {
  joins: (qb: ResourceSelect): ResourceSelect =>
    qb
      // Left joins: a terminal without a store (shipped, not bound yet) is listed like any other.
      .leftJoin('store as s', 's.id', 't.storeId')
      .leftJoin('agent as a', 'a.id', 't.agentId')
      .leftJoin('voiceCode as v', 'v.id', 't.voiceCodeId'),
  columns: { storeName: 's.name', agentName: 'a.name', voiceCode: 'v.code' },
  customFilters: {
    storeBound: (eb, value) => (value === 1 ? eb('t.storeId', 'is not', null) : eb('t.storeId', 'is', null)),
  },
  // Binding: only a store of the terminal's own provider (another's answers like a missing one).
  refs: { storeId: { table: 'store', tenant: true } },
  hooks: {
    beforeUpdate: (patch, existing, _input, ctx) => {
      const checked = checkStoreBinding(patch, existing);
      // 禁用 (banned) on or off: its broker client follows once the edit has committed.
      if (checked.banned !== undefined && Number(checked.banned) !== Number(existing.banned))
        ctx.req.server.devices.accessChanged(ctx.req, String(existing.deviceNo));
      return checked;
    },
    // A device carrying a voice code keeps it: deleting would strand a paid licence.
    beforeDelete: async (existing, ctx) => {
      if (existing.voiceCodeId !== null) {
        throw new AppError('stateConflict', { message: '该设备已绑定语音码，不能删除' });
      }
      // Deleted, the terminal's key goes with it; its broker client is disabled after commit.
      await revokeCredential(ctx.db, String(existing.deviceNo), '设备已删除');
      ctx.req.server.devices.accessChanged(ctx.req, String(existing.deviceNo));
    },
  },
};

/** Android room terminals: both families of the spec, live info, rooms, floors and free types. */
export function registerAndroid(app: FastifyInstance): void {
  registerResource(app, androidDeviceResource, 'androidDevice', options);
  registerResource(app, agentAndroidResource, 'androidDevice', {
    ...(options as ResourceOptions<typeof agentAndroidResource>),
    seed: ({ db, agentId }) => sampleAndroid(db, agentId),
  });
  const query = new ResourceQuery(androidDeviceResource, 'androidDevice', options);
  const codec = new RowCodec(androidDeviceResource);

  const serviceInfo = async (id: number, ctx: RequestContext) => {
    const row = await query.select(anyTableDb(ctx), ctx).where(sql.ref('t.id'), '=', id).executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    const device = codec.toEntity(row);
    try {
      const info = await app.devices.adapter.reportInfo({
        serial: device.deviceNo,
        kind: 'android',
        ip: device.ip,
        appVersion: device.appVersion,
        online: device.online === 1,
      });
      await ctx.db
        .updateTable('androidDevice')
        .set({
          online: 1,
          statusChangedAt: new Date().toISOString(),
          lastHeartbeatAt: info.lastSeenAt,
          ip: info.ip,
          appVersion: info.appVersion || device.appVersion,
        })
        .where('id', '=', id)
        .execute();
      return {
        device,
        live: {
          online: true,
          lastSeenAt: info.lastSeenAt,
          ip: info.ip,
          appVersion: info.appVersion || device.appVersion,
          deviceCode: info.deviceCode,
        },
      };
    } catch (err) {
      const mapped = DeviceService.toAppError(err);
      // An offline terminal is an answer, not a failure: the screen shows it offline.
      if (mapped instanceof AppError && mapped.kind === 'stateConflict') {
        await ctx.db
          .updateTable('androidDevice')
          .set({ online: 0, statusChangedAt: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        return {
          device: { ...device, online: 0 },
          live: { online: false, lastSeenAt: null, ip: device.ip, appVersion: device.appVersion, deviceCode: '' },
        };
      }
      throw mapped;
    }
  };
  bindEndpoint(app, androidEndpoints.serviceInfo, ({ query: q }, ctx) => serviceInfo(toDbId(q.id), ctx));
  bindEndpoint(app, androidEndpoints.agentServiceInfo, ({ query: q }, ctx) => serviceInfo(toDbId(q.id), ctx));

  bindEndpoint(app, androidEndpoints.companyGroups, async (_input, ctx) => {
    const rows = await ctx.db
      .selectFrom('companyGroup as g')
      .select(['g.id', 'g.name'])
      .select(sql<number>`(select count(*) from company_group_member m where m.group_id = g.id)`.as('enterpriseCount'))
      .orderBy('g.name')
      .execute();
    return rows.map((r) => ({ id: String(r.id), name: r.name, enterpriseCount: Number(r.enterpriseCount) }));
  });

  bindEndpoint(app, androidEndpoints.roomTypes, () => Promise.resolve(roomType.options));

  /** The store, if the operator may see it; another provider's store reads as missing. */
  const scopedStore = async (ctx: RequestContext, storeId: string) => {
    let q = ctx.db.selectFrom('store').select(['id']).where('id', '=', toDbId(storeId));
    if (ctx.scope.agentId !== null) q = q.where('agentId', '=', ctx.scope.agentId);
    const store = await q.executeTakeFirst();
    if (!store) throw new AppError('recordNotFound');
    return store.id;
  };

  // The floors a store's rooms are on, as its terminals record them (there is no room table):
  // with a room type, only the floors that type of room is on.
  bindEndpoint(app, androidEndpoints.floors, async ({ query: q }, ctx) => {
    const storeId = await scopedStore(ctx, q.storeId);
    let floors = ctx.db.selectFrom('androidDevice').select('floor').distinct().where('storeId', '=', storeId);
    if (q.roomType !== undefined) floors = floors.where('roomType', '=', q.roomType);
    const rows = await floors.orderBy('floor').execute();
    return rows.map((r) => r.floor);
  });

  // Service types a room call can ask for, limited to those with at least one staff member on duty.
  bindEndpoint(app, androidEndpoints.freeTypesWithWaiters, async ({ query: q }, ctx) => {
    const storeId = await scopedStore(ctx, q.storeId);
    const rows = await ctx.db
      .selectFrom('staffAppletUser')
      .select(['serviceType', sql<number>`count(*)`.as('waiters')])
      .where('storeId', '=', storeId)
      .where('status', '=', 1)
      .groupBy('serviceType')
      .orderBy('serviceType')
      .execute();
    return rows
      .filter((r) => (serviceType.values as number[]).includes(r.serviceType))
      .map((r) => ({
        serviceType: r.serviceType as (typeof serviceType.values)[number],
        label: serviceType.labels[r.serviceType as keyof typeof serviceType.labels],
        waiters: Number(r.waiters),
      }));
  });
}
