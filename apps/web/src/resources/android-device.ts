import { type AndroidDevice, agentAndroidResource, androidDeviceResource } from '@console/contract';
import { type FieldOverride, defineWebResource } from '../components/resource/define-web-resource';
import { providerSource, storeSource } from '../components/resource/reference-sources';
import { AndroidFloorSelect, floorLabel } from './android-floor-select';
import { AndroidStoreSelect, roomFact, roomTypeTag, storeCell } from './android-store-field';

// One presentation of a terminal for both families (platform /userMgt/android, provider
// /agentAndroid/agentAndroidMgt): the fields, columns, form and search are the same facts.
const fields: Partial<Record<keyof AndroidDevice, FieldOverride<AndroidDevice>>> = {
  deviceNo: { width: 150 },
  name: { width: 140 },
  storeId: {
    label: '所属门店',
    reference: storeSource,
    input: AndroidStoreSelect,
    help: '只能选择本服务商的门店；未绑定门店的终端绑定后才能设置房间类型和楼层',
  },
  storeName: { width: 160, render: storeCell },
  agentId: { label: '所属服务商', reference: providerSource },
  agentName: { width: 150 },
  roomType: { width: 90, render: roomFact(roomTypeTag) },
  floor: {
    width: 90,
    input: AndroidFloorSelect,
    render: roomFact(floorLabel),
  },
  appVersion: { width: 90 },
  voiceCode: { width: 150, render: (value) => (typeof value === 'string' && value ? value : '未绑定') },
  online: { width: 70, tagColors: { 0: 'default', 1: 'green' } },
  lastHeartbeatAt: { width: 170 },
  banned: { label: '禁用' },
  remark: { label: '备注' },
};
const columns = [
  'deviceNo',
  'name',
  'storeName',
  'roomType',
  'floor',
  'appVersion',
  'online',
  'lastHeartbeatAt',
  'voiceCode',
] as const;
const detail = [...columns, 'ip', 'remark', 'createdAt'] as const;
const filterLabels = {
  keyword: { label: '关键词', placeholder: '设备名称或编号' },
  storeId: { label: '门店', placeholder: '全部门店' },
  storeBound: { label: '门店绑定', placeholder: '全部' },
  agentId: { label: '服务商', placeholder: '全部服务商' },
  appVersion: { label: '应用版本', placeholder: '如 2.4.0' },
};
const rowTitle = (row: AndroidDevice) => `${row.name}（${row.deviceNo}）`;

/** 安卓设备 for platform operators: every provider's terminals. */
export const androidWeb = defineWebResource(androidDeviceResource, {
  fields,
  columns: [...columns.slice(0, 3), 'agentName', ...columns.slice(3)],
  detail: [...detail, 'agentName'],
  form: ['name', 'storeId', 'roomType', 'floor', 'banned', 'remark'],
  search: ['keyword', 'agentId', 'storeId', 'storeBound', 'roomType', 'floor', 'online', 'appVersion'],
  filterLabels,
  rowTitle,
});

/** 安卓设备 for a provider's operators: their own terminals only (the server scopes them). */
export const agentAndroidWeb = defineWebResource(agentAndroidResource, {
  fields,
  columns,
  detail,
  form: ['name', 'storeId', 'roomType', 'floor', 'remark'],
  search: ['keyword', 'storeId', 'storeBound', 'roomType', 'floor', 'online', 'appVersion'],
  filterLabels,
  rowTitle,
});
