import { z } from 'zod';
import { fen, id, isoTime, labelledEnum, phone } from '../common.js';
import { baseFields, defineResource, filter, tenantFields } from '../resource.js';

// The registers kept beside hardware orders (订单管理): MAC addresses, gateway equipment numbers,
// ship-to addresses and the hardware products on sale (硬件设置).

export const macStatus = labelledEnum({ 0: '未使用', 1: '已绑定' });
export const equipmentStatus = labelledEnum({ 0: '库存', 1: '已发货' });
export const productCategory = labelledEnum({ 1: '网关', 2: '安卓终端', 3: '智能锁', 4: '手牌', 5: '配件' });
export const productStatus = labelledEnum({ 1: '在售', 0: '下架' });

const keyword = (columns: readonly string[]) => filter(z.string().trim().max(40), 'contains', { columns });
const mac = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/, 'MAC 地址格式如 00:1A:2B:3C:4D:5E');

export const macAddressResource = defineResource({
  name: 'macAddress',
  prefix: '/macAddress',
  title: 'MAC 地址',
  module: '订单管理',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    mac,
    batchNo: z.string().trim().max(40),
    status: macStatus,
    deviceName: z.string().trim().max(60).nullable(),
    assignedAt: isoTime.nullable(),
    remark: z.string().trim().max(200),
  }),
  writable: ['mac', 'batchNo', 'status', 'deviceName', 'remark'],
  filters: { keyword: keyword(['mac', 'deviceName', 'batchNo']), status: filter(macStatus, 'eq') },
  sortable: ['createdAt', 'mac'],
});

export const zkbEquipmentNoResource = defineResource({
  name: 'zkbEquipmentNo',
  prefix: '/zkbEquipmentNo',
  title: '网关设备号',
  module: '订单管理',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    equipmentNo: z
      .string()
      .trim()
      .regex(/^[A-Z0-9-]{6,40}$/, '设备号为 6–40 位大写字母、数字或短横线'),
    mac: mac.nullable(),
    batchNo: z.string().trim().max(40),
    status: equipmentStatus,
    orderId: id.nullable(),
    remark: z.string().trim().max(200),
  }),
  writable: ['equipmentNo', 'mac', 'batchNo', 'remark'],
  filters: { keyword: keyword(['equipmentNo', 'mac', 'batchNo']), status: filter(equipmentStatus, 'eq') },
  sortable: ['createdAt', 'equipmentNo'],
});

export const shipToAddressResource = defineResource({
  name: 'shipToAddress',
  prefix: '/shipToAddress',
  title: '收货地址',
  module: '订单管理',
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    receiver: z.string().trim().min(1, '请输入收货人').max(20),
    phone,
    region: z.string().trim().max(60),
    address: z.string().trim().min(5, '请输入详细地址').max(120),
    isDefault: labelledEnum({ 1: '是', 0: '否' }),
    agentName: z.string(),
  }),
  writable: ['receiver', 'phone', 'region', 'address', 'isDefault'],
  filters: { keyword: keyword(['receiver', 'phone', 'address']), agentId: filter(id, 'eq') },
  sortable: ['createdAt'],
});

export const hardwareProductResource = defineResource({
  name: 'hardwareProduct',
  prefix: '/hardwareSetup',
  title: '硬件商品',
  module: '订单管理',
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
  filters: {
    keyword: keyword(['name', 'model']),
    category: filter(productCategory, 'eq'),
    status: filter(productStatus, 'eq'),
  },
  sortable: ['sort', 'createdAt', 'unitPrice'],
  defaultSort: { field: 'sort', order: 'ascend' },
});
