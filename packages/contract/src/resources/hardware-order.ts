import { z } from 'zod';
import { fen, id, isoTime, labelledEnum, phone } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';

export const hardwareOrderStatus = labelledEnum({ 0: '待付款', 1: '已付款', 2: '已发货', 3: '已完成', 4: '已取消' });
export const shippedDeviceKind = labelledEnum({ 1: '网关', 2: '安卓终端' });

/** Allowed status moves: payment, shipping, receipt, and cancelling before shipping. */
export const hardwareOrderTransitions: Record<number, readonly number[]> = {
  0: [1, 4],
  1: [2, 4],
  2: [3],
  3: [],
  4: [],
};

export const orderItem = z.object({
  productId: id,
  productName: z.string(),
  quantity: z.number().int().min(1, '数量至少为 1').max(10_000),
  unitPrice: fen,
  amount: fen,
});

/** 硬件订单: a provider's purchase of gateways, terminals and accessories from the platform. */
export const hardwareOrderResource = defineResource({
  name: 'hardwareOrder',
  prefix: '/hardwareOrder',
  title: '硬件订单',
  module: '硬件订单',
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    orderNo: z.string(),
    amount: fen,
    status: hardwareOrderStatus,
    receiver: z.string().trim().min(1, '请输入收货人').max(20),
    phone,
    address: z.string().trim().min(5, '请输入详细地址').max(120),
    logisticsCompany: z.string(),
    trackingNo: z.string(),
    paidAt: isoTime.nullable(),
    shippedAt: isoTime.nullable(),
    completedAt: isoTime.nullable(),
    cancelledAt: isoTime.nullable(),
    remark: z.string().trim().max(200),
    cancelReason: z.string(),
    agentName: z.string(),
  }),
  writable: ['receiver', 'phone', 'address', 'remark'],
  labels: {
    orderNo: '订单号',
    agentName: '服务商',
    amount: '订单金额',
    status: '状态',
    receiver: '收货人',
    phone: '联系电话',
    address: '收货地址',
    logisticsCompany: '物流公司',
    trackingNo: '运单号',
    paidAt: '付款时间',
    shippedAt: '发货时间',
    completedAt: '完成时间',
    cancelledAt: '取消时间',
    cancelReason: '取消原因',
    remark: '备注',
  },
  exportColumns: [
    'orderNo',
    'agentName',
    'amount',
    'status',
    'receiver',
    'phone',
    'address',
    'logisticsCompany',
    'trackingNo',
    'createdAt',
    'paidAt',
    'shippedAt',
    'completedAt',
    'cancelledAt',
    'cancelReason',
  ],
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['orderNo', 'receiver', 'phone', 'trackingNo'] }),
    status: filter(hardwareOrderStatus, 'eq'),
    agentId: filter(id, 'eq'),
    createdAt: rangeFilter(isoTime),
  },
  sortable: ['createdAt', 'amount'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'update', 'export'],
});
export type HardwareOrder = z.infer<typeof hardwareOrderResource.entity>;

const shippedDevice = z.object({
  id,
  orderId: id,
  orderNo: z.string(),
  agentId: id,
  agentName: z.string(),
  deviceNo: z.string(),
  deviceKind: shippedDeviceKind,
  orderStatus: hardwareOrderStatus,
  shippedAt: isoTime.nullable(),
});

const orderDetail = hardwareOrderResource.entity.extend({
  items: z.array(orderItem),
  devices: z.array(z.object({ deviceNo: z.string(), deviceKind: shippedDeviceKind })),
});

export const hardwareOrderEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/hardwareOrder/get',
    access: { permission: 'hardwareOrder.get' },
    audience: 'platform',
    summary: '查看硬件订单',
    module: '硬件订单',
    write: false,
    query: z.object({ id }),
    response: orderDetail,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/hardwareOrder/create',
    access: { permission: 'hardwareOrder.create' },
    audience: 'platform',
    summary: '下硬件订单',
    module: '硬件订单',
    write: true,
    body: hardwareOrderResource.entity.pick({ receiver: true, phone: true, address: true, remark: true }).extend({
      /** Platform admins order on behalf of a provider; a provider's own id is forced. */
      agentId: id.optional(),
      lines: z
        .array(z.object({ productId: id, quantity: z.number().int().min(1, '数量至少为 1').max(10_000) }))
        .min(1, '请至少选择一件商品')
        .max(50),
    }),
    response: orderDetail,
  }),
  changeStatus: defineEndpoint({
    method: 'POST',
    path: '/hardwareOrder/updateStatus',
    access: { permission: 'hardwareOrder.status' },
    audience: 'platform',
    summary: '变更硬件订单状态',
    module: '硬件订单',
    write: true,
    body: z.object({
      id,
      version: z.number().int().min(1),
      status: hardwareOrderStatus,
      logisticsCompany: z.string().trim().max(40).optional(),
      trackingNo: z.string().trim().max(40).optional(),
      /**
       * Serials shipped, required when shipping: gateway numbers from 网关编号, terminal MACs from
       * MAC 地址, each in stock and never shipped before.
       */
      devices: z
        .array(z.object({ deviceNo: z.string().trim().min(4).max(60), deviceKind: shippedDeviceKind }))
        .max(2000)
        .optional(),
      /** Why the order is cancelled, required when cancelling. */
      reason: z.string().trim().max(200).optional(),
    }),
    response: hardwareOrderResource.entity,
  }),
  devicesByNo: defineEndpoint({
    method: 'GET',
    path: '/hardwareOrder/getDeviceListByDeviceNo',
    access: { permission: 'hardwareOrder.page' },
    audience: 'platform',
    summary: '按设备号查询发货记录',
    module: '硬件订单',
    write: false,
    query: z.object({ deviceNo: z.string().trim().min(2, '请输入至少 2 位设备号').max(60) }),
    response: z.array(shippedDevice),
  }),
  changeAgent: defineEndpoint({
    method: 'POST',
    path: '/hardwareOrder/updateOrderAgent',
    access: { permission: 'hardwareOrder.changeAgent' },
    audience: 'platform',
    summary: '变更订单所属服务商',
    module: '硬件订单',
    write: true,
    body: z.object({
      id,
      version: z.number().int().min(1),
      agentId: id,
      reason: z.string().trim().min(2, '请填写变更原因').max(200),
    }),
    response: hardwareOrderResource.entity,
  }),
} as const;
