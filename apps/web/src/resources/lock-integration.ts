import { lockCommandResource, lockIntegrationResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { providerSource, storeSource } from '../components/resource/reference-sources';

/**
 * IC 手环控制, one definition for the platform (/userMgt/ICHandControl) and a provider
 * (/agentICHandControl/agentICHandControl): each store's lock controller and wristband cards.
 */
export const lockIntegrationWeb = defineWebResource(lockIntegrationResource, {
  fields: {
    agentId: { label: '服务商', reference: providerSource },
    agentName: { label: '服务商', width: 150 },
    storeId: { label: '门店', reference: storeSource, help: '每个门店一条对接配置；保存后不能更换门店' },
    storeName: { label: '门店', width: 160 },
    vendor: { label: '柜锁厂家', width: 130 },
    protocol: { label: '通讯协议', width: 150 },
    cardType: { label: '手环卡类型', width: 190 },
    cardSector: { label: '扇区号', width: 80, help: 'M1 卡存放门店数据的扇区（1K 卡 1–15，4K 卡 1–39）；其他卡填 0' },
    sectorKey: {
      label: '扇区密钥',
      writeOnly: true,
      placeholder: '12 位十六进制，如 FFFFFFFFFFFF',
      help: '仅 M1 卡需要；保存后不再显示，编辑时留空则保持原密钥',
    },
    sectorKeyMasked: { label: '扇区密钥', width: 140 },
    lockerCount: { label: '柜门数', width: 80 },
    lockerStart: { label: '起始柜号', width: 90, defaultValue: 1 },
    status: { label: '状态', width: 80, tagColors: { 1: 'green', 0: 'default' } },
    pushStatus: { label: '配置下发', width: 100, tagColors: { 0: 'orange', 1: 'blue', 2: 'green', 3: 'red' } },
    pushedAt: { label: '下发时间', width: 170 },
    gatewaySerial: {
      label: '门店网关',
      width: 150,
      render: (value) => (typeof value === 'string' && value ? value : '未绑定网关'),
    },
    remark: { label: '备注' },
    createdAt: { label: '创建时间', width: 170 },
  },
  // What an operator checks first (is it pushed, is it on, through which gateway) before the set-up.
  columns: [
    'storeName',
    'pushStatus',
    'status',
    'gatewaySerial',
    'lockerCount',
    'vendor',
    'cardType',
    'agentName',
    'pushedAt',
  ],
  detail: [
    'storeName',
    'agentName',
    'vendor',
    'protocol',
    'cardType',
    'cardSector',
    'sectorKeyMasked',
    'lockerCount',
    'lockerStart',
    'gatewaySerial',
    'status',
    'pushStatus',
    'pushedAt',
    'remark',
    'createdAt',
    'updatedAt',
  ],
  form: [
    'storeId',
    'vendor',
    'protocol',
    'cardType',
    'cardSector',
    'sectorKey',
    'lockerCount',
    'lockerStart',
    'status',
    'remark',
  ],
  search: ['keyword', 'agentId', 'storeId', 'vendor', 'status', 'pushStatus'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '门店名称或备注' },
    agentId: { label: '服务商', placeholder: '全部服务商' },
    storeId: { label: '门店', placeholder: '全部门店' },
  },
  rowTitle: (row) => row.storeName ?? `门店 ${row.storeId}`,
});

/** 指令记录: what was sent to each store's gateway and what it answered. */
export const lockCommandWeb = defineWebResource(lockCommandResource, {
  fields: {
    storeId: { label: '门店', reference: storeSource },
    storeName: { label: '门店', width: 160 },
    command: { label: '指令', width: 100, tagColors: { 1: 'blue', 2: 'purple', 3: 'cyan' } },
    target: { label: '对象', width: 140 },
    status: { label: '结果', width: 90, tagColors: { 0: 'blue', 1: 'green', 2: 'red' } },
    message: { label: '说明', width: 220 },
    gatewaySerial: { label: '网关', width: 150 },
    operatorName: { label: '操作人', width: 100 },
    finishedAt: { label: '完成时间', width: 170 },
    createdAt: { label: '发送时间', width: 170 },
  },
  columns: [
    'createdAt',
    'storeName',
    'command',
    'target',
    'status',
    'message',
    'gatewaySerial',
    'operatorName',
    'finishedAt',
  ],
  search: ['storeId', 'command', 'status', 'createdAt'],
  filterLabels: {
    storeId: { label: '门店', placeholder: '全部门店' },
    createdAt: { label: '发送时间' },
  },
  rowTitle: (row) => `${row.storeName ?? ''} ${row.target}`,
});
