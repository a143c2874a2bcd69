import {
  hardwareProductResource,
  macAddressImport,
  macAddressResource,
  shipToAddressResource,
  zkbEquipmentNoImport,
  zkbEquipmentNoResource,
} from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { providerSource } from '../components/resource/reference-sources';

// The registers of 订单管理; hardware orders themselves are in hardware-order.tsx.

/** MAC 地址 (/orderManagement/MACAddress): terminal MACs, stored as 00:1A:2B:3C:4D:5E whatever was typed. */
export const macAddressWeb = defineWebResource(macAddressResource, {
  fields: {
    mac: { width: 190, placeholder: '如 00:1A:2B:3C:4D:5E、00-1a-2b-3c-4d-5e 或 001A2B3C4D5E' },
    batchNo: { width: 120 },
    status: { width: 90, tagColors: { 0: 'default', 1: 'blue', 2: 'green' } },
    deviceName: { width: 150 },
    assignedAt: { width: 170 },
    createdAt: { label: '录入时间', width: 170 },
  },
  columns: ['mac', 'batchNo', 'status', 'deviceName', 'assignedAt', 'remark', 'createdAt'],
  search: ['keyword', 'status', 'createdAt'],
  filterLabels: { keyword: { label: '关键词', placeholder: 'MAC 地址、绑定设备或批次号' } },
  form: ['mac', 'batchNo', 'remark'],
  deletable: (row) => row.status === 0,
  importer: macAddressImport,
  rowTitle: (row) => row.mac,
});

/** 网关编号 (/orderManagement/zkbEquipmentNo): gateway serial numbers in stock or shipped. */
export const zkbEquipmentNoWeb = defineWebResource(zkbEquipmentNoResource, {
  fields: {
    equipmentNo: { width: 160, placeholder: '如 ZKBS900100' },
    mac: { width: 190, placeholder: '可选，任意常见写法' },
    batchNo: { width: 120 },
    status: { width: 90, tagColors: { 0: 'default', 1: 'green' } },
    orderId: { width: 100 },
    createdAt: { label: '录入时间', width: 170 },
  },
  columns: ['equipmentNo', 'mac', 'batchNo', 'status', 'remark', 'createdAt'],
  search: ['keyword', 'status', 'createdAt'],
  filterLabels: { keyword: { label: '关键词', placeholder: '网关编号、MAC 或批次号' } },
  deletable: (row) => row.status === 0,
  importer: zkbEquipmentNoImport,
  rowTitle: (row) => row.equipmentNo,
});

/** 收货地址 (/orderManagement/shipToAddress): each provider's addresses, one of them the default. */
export const shipToAddressWeb = defineWebResource(shipToAddressResource, {
  fields: {
    agentId: { label: '服务商', reference: providerSource },
    agentName: { width: 180 },
    receiver: { width: 100 },
    phone: { width: 130 },
    region: { kind: 'region', width: 200 },
    isDefault: { width: 90, tagColors: { 1: 'green', 0: 'default' }, defaultValue: 0 },
    createdAt: { width: 170 },
  },
  columns: ['agentName', 'receiver', 'phone', 'region', 'address', 'isDefault', 'createdAt'],
  search: ['keyword', 'agentId', 'isDefault'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '收货人、电话或地址' },
    agentId: { label: '服务商', placeholder: '全部服务商' },
  },
  form: ['agentId', 'receiver', 'phone', 'region', 'address', 'isDefault'],
  rowTitle: (row) => `${row.receiver} ${row.region}`,
});

/** 硬件设置 (/orderManagement/hardwareSetup): the products orders are priced from (fen, shown in 元). */
export const hardwareProductWeb = defineWebResource(hardwareProductResource, {
  fields: {
    name: { width: 180 },
    model: { width: 120 },
    category: { width: 100 },
    unitPrice: { width: 120 },
    unit: { width: 70, placeholder: '如 台、个、套' },
    status: { width: 80, tagColors: { 1: 'green', 0: 'default' } },
    sort: { width: 80, help: '数字越小越靠前' },
    createdAt: { width: 170 },
  },
  columns: ['name', 'model', 'category', 'unitPrice', 'unit', 'status', 'sort', 'remark', 'createdAt'],
  filterLabels: { keyword: { label: '关键词', placeholder: '商品名称或型号' } },
  rowTitle: (row) => row.name,
});
