import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';

/** One order with its lines and shipped serials, within the operator's scope. */
export async function orderDetail(ctx: RequestContext, id: number) {
  let q = ctx.db
    .selectFrom('hardwareOrder as o')
    .innerJoin('agent as a', 'a.id', 'o.agentId')
    .selectAll('o')
    .select('a.name as agentName')
    .where('o.id', '=', id);
  if (ctx.scope.agentId !== null) q = q.where('o.agentId', '=', ctx.scope.agentId);
  const order = await q.executeTakeFirst();
  if (!order) throw new AppError('recordNotFound');
  const items = await ctx.db
    .selectFrom('hardwareOrderItem')
    .select(['productId', 'productName', 'quantity', 'unitPrice', 'amount'])
    .where('orderId', '=', id)
    .orderBy('id')
    .execute();
  const devices = await ctx.db
    .selectFrom('hardwareOrderDevice')
    .select(['deviceNo', 'deviceKind'])
    .where('orderId', '=', id)
    .orderBy('id')
    .execute();
  return {
    id: String(order.id),
    agentId: String(order.agentId),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    version: order.version,
    orderNo: order.orderNo,
    amount: order.amount,
    status: order.status,
    receiver: order.receiver,
    phone: order.phone,
    address: order.address,
    logisticsCompany: order.logisticsCompany,
    trackingNo: order.trackingNo,
    paidAt: order.paidAt,
    shippedAt: order.shippedAt,
    completedAt: order.completedAt,
    cancelledAt: order.cancelledAt,
    remark: order.remark,
    cancelReason: order.cancelReason,
    agentName: order.agentName,
    items: items.map((i) => ({ ...i, productId: String(i.productId) })),
    devices: devices.map((d) => ({ deviceNo: d.deviceNo, deviceKind: d.deviceKind })),
  };
}
