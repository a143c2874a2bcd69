import { hardwareOrderEndpoints, hardwareOrderTransitions, normalizeMac } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { anyTableDb } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { orderChanged } from './order-changed.js';
import { rollUpOrderStatus } from '../reports/order-rollups.js';
import { orderDetail } from './order-detail.js';

const statusTimes: Record<number, 'paidAt' | 'shippedAt' | 'completedAt' | 'cancelledAt'> = {
  1: 'paidAt',
  2: 'shippedAt',
  3: 'completedAt',
  4: 'cancelledAt',
};

type ShippedDevice = { deviceNo: string; deviceKind: 1 | 2 };

/** The register each kind of serial ships from, and its status once shipped. */
const serialRegisters = {
  1: { table: 'zkbEquipmentNo', column: 'equipmentNo', shipped: 1, label: '网关编号' },
  2: { table: 'macAddress', column: 'mac', shipped: 2, label: 'MAC 地址' },
} as const;
// The serial register is picked by kind at run time, so these two queries name their table untyped.

/** 待付款 → 已付款 → 已发货 → 已完成, and 已取消 (with a reason) from the first two; nothing else. */
export function bindOrderStatus(app: FastifyInstance): void {
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
    if (body.status === 4) {
      if (!body.reason || body.reason.length < 2) throw fieldError('reason', '请填写取消原因');
      patch.cancelReason = body.reason;
    }
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
      await shipSerials(ctx, id, existing.agentId, body.devices ?? [], now);
    }
    const result = await ctx.db
      .updateTable('hardwareOrder')
      .set({ ...patch, updatedAt: now, version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
    // Paid orders count in 销售统计, a cancelled paid one as a refund: in this transaction.
    await rollUpOrderStatus(ctx.db, existing, body.status, now);
    ctx.audit.changes = diffFields(existing, patch);
    orderChanged(ctx, id, existing.agentId, 'update');
    return orderDetail(ctx, id);
  });
}

/**
 * Records the serials shipped with an order. Each must be in its register and in stock (a gateway
 * number in 网关编号, a terminal MAC in MAC 地址), and a serial ships once: the unique
 * device_no of hardware_order_device holds that even between two concurrent shipments.
 */
async function shipSerials(
  ctx: RequestContext,
  orderId: number,
  agentId: number,
  devices: readonly ShippedDevice[],
  now: string,
): Promise<void> {
  if (devices.length === 0) throw fieldError('devices', '请选择发货的设备编号');
  // One stored form: gateway numbers upper case, MACs as the MAC register keeps them.
  const nos = devices.map((d) =>
    d.deviceKind === 2 ? (normalizeMac(d.deviceNo) ?? d.deviceNo.toUpperCase()) : d.deviceNo.toUpperCase(),
  );
  if (new Set(nos).size !== nos.length) throw fieldError('devices', '设备编号有重复');
  const shipped = await ctx.db
    .selectFrom('hardwareOrderDevice')
    .select('deviceNo')
    .where('deviceNo', 'in', nos)
    .execute();
  if (shipped.length > 0) throw fieldError('devices', `设备编号 ${shipped[0]?.deviceNo ?? ''} 已随其他订单发出`);
  const kinds = [1, 2] as const;
  for (const kind of kinds) {
    const { table, column, label } = serialRegisters[kind];
    const wanted = nos.filter((_, i) => devices[i]!.deviceKind === kind);
    if (wanted.length === 0) continue;
    const inStock = await anyTableDb(ctx)
      .selectFrom(table)
      .select(column)
      .where(column, 'in', wanted)
      .where('status', '=', 0)
      .execute();
    const missing = wanted.find((no) => !inStock.some((r) => r[column] === no));
    if (missing) throw fieldError('devices', `${label} ${missing} 不在库存中`);
  }
  await ctx.db
    .insertInto('hardwareOrderDevice')
    .values(devices.map((d, i) => ({ orderId, agentId, deviceNo: nos[i]!, deviceKind: d.deviceKind, createdAt: now })))
    .execute();
  for (const kind of kinds) {
    const { table, column, shipped } = serialRegisters[kind];
    const wanted = nos.filter((_, i) => devices[i]!.deviceKind === kind);
    if (wanted.length === 0) continue;
    await anyTableDb(ctx)
      .updateTable(table)
      .set({ status: shipped, orderId, updatedAt: now, version: sql`version + 1` })
      .where(column, 'in', wanted)
      .execute();
  }
}

/** The order a serial (gateway number or MAC, in any notation) shipped with; null when never shipped. */
export async function shippedWith(
  ctx: Pick<RequestContext, 'db'>,
  serial: string,
): Promise<{ agentId: number; orderId: number; orderNo: string } | null> {
  const row = await ctx.db
    .selectFrom('hardwareOrderDevice as d')
    .innerJoin('hardwareOrder as o', 'o.id', 'd.orderId')
    .select(['d.agentId', 'd.orderId', 'o.orderNo'])
    .where('d.deviceNo', 'in', [serial.trim().toUpperCase(), normalizeMac(serial) ?? ''])
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The provider a device belongs to when it first connects: the one its serial (gateway number or
 * MAC) was shipped to. The device connection path (devices/shipped-claim.ts) uses this through
 * `shippedWith`; null for a serial never shipped.
 */
export async function shippedOwner(ctx: Pick<RequestContext, 'db'>, serial: string): Promise<number | null> {
  return (await shippedWith(ctx, serial))?.agentId ?? null;
}
