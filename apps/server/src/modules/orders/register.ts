import { hardwareOrderEndpoints, hardwareOrderResource, normalizeMac } from '@console/contract';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { agentNameColumn, withAgentName } from '../stores/joins.js';
import { orderChanged } from './order-changed.js';
import { orderDetail } from './order-detail.js';
import { bindOrderStatus } from './order-status.js';
import { registerOrderRegisters } from './registers.js';

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
  registerOrderRegisters(app);

  bindEndpoint(app, hardwareOrderEndpoints.get, ({ query }, ctx) => orderDetail(ctx, toDbId(query.id)));

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
    orderChanged(ctx, order.id, agentId, 'create');
    return orderDetail(ctx, order.id);
  });

  bindOrderStatus(app);

  bindEndpoint(app, hardwareOrderEndpoints.devicesByNo, async ({ query }, ctx) => {
    // Serials are stored upper case and MACs in one notation: search in that form.
    const term = normalizeMac(query.deviceNo) ?? query.deviceNo.toUpperCase();
    const pattern = `%${term.replace(/[\\%_]/g, '')}%`;
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
    ctx.audit.changes = [
      { field: 'agentId', before: String(existing.agentId), after: String(agentId) },
      { field: 'reason', before: null, after: body.reason },
    ];
    orderChanged(ctx, id, existing.agentId, 'update');
    orderChanged(ctx, id, agentId, 'update');
    return orderDetail(ctx, id);
  });
}
