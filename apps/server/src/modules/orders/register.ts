import {
  hardwareOrderEndpoints,
  hardwareOrderResource,
  hardwareOrderTransitions,
  hardwareProductResource,
  macAddressResource,
  shipToAddressResource,
  zkbEquipmentNoResource,
} from '@console/contract';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { agentNameColumn, withAgentName } from '../stores/joins.js';
import { orderDetail } from './order-detail.js';
import { rollUpOrderStatus } from '../reports/order-rollups.js';

const statusTimes: Record<number, 'paidAt' | 'shippedAt' | 'completedAt' | 'cancelledAt'> = {
  1: 'paidAt',
  2: 'shippedAt',
  3: 'completedAt',
  4: 'cancelledAt',
};

/** Hardware orders (create, detail, status moves, provider change, serial lookup) and their registers. */
export function registerOrders(app: FastifyInstance): void {
  registerResource(app, hardwareOrderResource, 'hardwareOrder', {
    joins: withAgentName,
    columns: agentNameColumn,
    hooks: {
      beforeUpdate: (patch, existing) => {
        if (![0, 1].includes(existing.status as number)) {
          throw new AppError('stateConflict', { message: '订单已发货，不能修改收货信息' });
        }
        return patch;
      },
    },
  });
  registerResource(app, macAddressResource, 'macAddress');
  registerResource(app, zkbEquipmentNoResource, 'zkbEquipmentNo', {
    hooks: {
      beforeDelete: (existing) => {
        if (existing.status === 1) throw new AppError('stateConflict', { message: '已发货的设备号不能删除' });
      },
    },
  });
  registerResource(app, shipToAddressResource, 'shipToAddress', {
    joins: withAgentName,
    columns: agentNameColumn,
    sample: () => ({
      receiver: '李娜',
      phone: '13700000000',
      region: '浙江省/杭州市',
      address: '西湖区文三路 100 号',
      isDefault: 0,
    }),
  });
  registerResource(app, hardwareProductResource, 'hardwareProduct');

  bindEndpoint(app, hardwareOrderEndpoints.get, ({ query }, ctx) => orderDetail(ctx, toDbId(query.id)) as never);

  bindEndpoint(app, hardwareOrderEndpoints.create, async ({ body }, ctx) => {
    const agentId = ctx.scope.agentId ?? (body.agentId ? toDbId(body.agentId) : null);
    if (agentId === null) throw fieldError('agentId', '请选择服务商');
    const agent = await ctx.db.selectFrom('agent').select('id').where('id', '=', agentId).executeTakeFirst();
    if (!agent) throw fieldError('agentId', '服务商不存在');
    const productIds = [...new Set(body.lines.map((l) => toDbId(l.productId)))];
    if (productIds.length !== body.lines.length) throw fieldError('lines', '同一商品请合并为一行');
    const products = await ctx.db.selectFrom('hardwareProduct').selectAll().where('id', 'in', productIds).execute();
    const byId = new Map(products.map((p) => [p.id, p]));
    const items = body.lines.map((line, i) => {
      const p = byId.get(toDbId(line.productId));
      if (!p || p.status !== 1) throw fieldError(`lines.${i}.productId`, '商品不存在或已下架');
      return {
        productId: p.id,
        productName: p.name,
        quantity: line.quantity,
        unitPrice: p.unitPrice,
        amount: p.unitPrice * line.quantity,
      };
    });
    const now = nowIso();
    const orderNo = `HO${now.slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const order = await ctx.db
      .insertInto('hardwareOrder')
      .values({
        orderNo,
        agentId,
        amount: items.reduce((sum, i) => sum + i.amount, 0),
        status: 0,
        receiver: body.receiver,
        phone: body.phone,
        address: body.address,
        logisticsCompany: '',
        trackingNo: '',
        remark: body.remark,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('hardwareOrderItem')
      .values(items.map((i) => ({ ...i, orderId: order.id })))
      .execute();
    ctx.audit.targetId = String(order.id);
    changed(ctx, order.id, agentId, 'create');
    return orderDetail(ctx, order.id);
  });

  bindEndpoint(app, hardwareOrderEndpoints.changeStatus, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const existing = await ctx.db.selectFrom('hardwareOrder').selectAll().where('id', '=', id).executeTakeFirst();
    if (!existing) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    if (existing.version !== body.version) throw new AppError('versionConflict');
    if (!(hardwareOrderTransitions[existing.status] ?? []).includes(body.status)) {
      throw new AppError('stateConflict', { message: '当前订单状态不能变更为所选状态' });
    }
    const now = nowIso();
    const patch: Record<string, unknown> = { status: body.status, [statusTimes[body.status] as string]: now };
    if (body.status === 2) {
      if (!body.logisticsCompany || !body.trackingNo) {
        throw new AppError('validation', {
          message: '发货需填写物流公司和运单号',
          fieldErrors: {
            ...(body.logisticsCompany ? {} : { logisticsCompany: '请填写物流公司' }),
            ...(body.trackingNo ? {} : { trackingNo: '请填写运单号' }),
          },
        });
      }
      patch.logisticsCompany = body.logisticsCompany;
      patch.trackingNo = body.trackingNo;
      const devices = body.devices ?? [];
      if (devices.length > 0) {
        const nos = devices.map((d) => d.deviceNo);
        if (new Set(nos).size !== nos.length) throw fieldError('devices', '设备号有重复');
        const shipped = await ctx.db
          .selectFrom('hardwareOrderDevice')
          .select('deviceNo')
          .where('deviceNo', 'in', nos)
          .execute();
        if (shipped.length > 0) throw fieldError('devices', `设备号 ${shipped[0]?.deviceNo ?? ''} 已随其他订单发出`);
        await ctx.db
          .insertInto('hardwareOrderDevice')
          .values(
            devices.map((d) => ({
              orderId: id,
              agentId: existing.agentId,
              deviceNo: d.deviceNo,
              deviceKind: d.deviceKind,
              createdAt: now,
            })),
          )
          .execute();
        await ctx.db
          .updateTable('zkbEquipmentNo')
          .set({ status: 1, orderId: id, updatedAt: now })
          .where('equipmentNo', 'in', nos)
          .execute();
      }
    }
    const result = await ctx.db
      .updateTable('hardwareOrder')
      .set({ ...patch, updatedAt: now, version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
    await rollUpOrderStatus(ctx.db, existing, body.status, now);
    ctx.audit.changes = diffFields(existing, patch);
    changed(ctx, id, existing.agentId, 'update');
    return orderDetail(ctx, id);
  });

  bindEndpoint(app, hardwareOrderEndpoints.devicesByNo, async ({ query }, ctx) => {
    const pattern = `%${query.deviceNo.replace(/[\\%_]/g, '')}%`;
    let q = ctx.db
      .selectFrom('hardwareOrderDevice as d')
      .innerJoin('hardwareOrder as o', 'o.id', 'd.orderId')
      .innerJoin('agent as a', 'a.id', 'd.agentId')
      .select(['d.id', 'd.orderId', 'o.orderNo', 'd.agentId', 'a.name as agentName', 'd.deviceNo', 'd.deviceKind'])
      .select(['o.status as orderStatus', 'o.shippedAt'])
      .where('d.deviceNo', 'like', pattern)
      .orderBy('d.id', 'desc')
      .limit(100);
    if (ctx.scope.agentId !== null) q = q.where('d.agentId', '=', ctx.scope.agentId);
    const rows = await q.execute();
    return rows.map((r) => ({
      ...r,
      id: String(r.id),
      orderId: String(r.orderId),
      agentId: String(r.agentId),
      deviceKind: r.deviceKind as 1 | 2,
      orderStatus: r.orderStatus as 0 | 1 | 2 | 3 | 4,
    }));
  });

  // Moving an order moves the serials shipped with it, so the new provider owns those devices.
  bindEndpoint(app, hardwareOrderEndpoints.changeAgent, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const agentId = toDbId(body.agentId);
    const existing = await ctx.db.selectFrom('hardwareOrder').selectAll().where('id', '=', id).executeTakeFirst();
    if (!existing) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    if (existing.version !== body.version) throw new AppError('versionConflict');
    if (existing.status === 3 || existing.status === 4) {
      throw new AppError('stateConflict', { message: '已完成或已取消的订单不能变更服务商' });
    }
    if (existing.agentId === agentId) throw fieldError('agentId', '订单已属于该服务商');
    const agent = await ctx.db.selectFrom('agent').select('id').where('id', '=', agentId).executeTakeFirst();
    if (!agent) throw fieldError('agentId', '服务商不存在');
    const now = nowIso();
    const result = await ctx.db
      .updateTable('hardwareOrder')
      .set({ agentId, updatedAt: now, version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
    await ctx.db.updateTable('hardwareOrderDevice').set({ agentId }).where('orderId', '=', id).execute();
    ctx.audit.changes = [{ field: 'agentId', before: String(existing.agentId), after: String(agentId) }];
    changed(ctx, id, existing.agentId, 'update');
    changed(ctx, id, agentId, 'update');
    return orderDetail(ctx, id);
  });
}

function changed(ctx: RequestContext, id: number, agentId: number, action: 'create' | 'update'): void {
  emitAfterCommit(ctx.req, 'resourceChanged', { resource: 'hardwareOrder', agentId, ids: [String(id)], action });
}
