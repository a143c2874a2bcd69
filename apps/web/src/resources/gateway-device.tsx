import { type GatewayDevice, agentGatewayResource, gatewayDeviceResource, gatewayEndpoints } from '@console/contract';
import { Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { defineWebResource } from '../components/resource/define-web-resource';
import { providerSource, storeSource } from '../components/resource/reference-sources';

/** The status cell: 在线/离线 live from the devices, and 重启中 / 黑名单 when they apply. */
function statusCell(value: unknown, row: GatewayDevice): ReactNode {
  return (
    <Space size={4} wrap>
      {row.restarting === 1 ? (
        <Tag color="processing">重启中</Tag>
      ) : (
        <Tag color={value === 1 ? 'green' : 'default'}>{value === 1 ? '在线' : '离线'}</Tag>
      )}
      {row.banned && <Tag color="red">黑名单</Tag>}
    </Space>
  );
}

// One declaration of the gateway's presentation for both screens (platform and provider).
const fields = {
  deviceName: { width: 150 },
  communicationStatus: { width: 130, render: statusCell },
  storeName: { width: 180 },
  agentName: { width: 180 },
  ip: { width: 140 },
  firmwareVersion: { width: 110 },
  deviceCode: { width: 120 },
  lastSeenAt: { width: 170 },
  boundAt: { width: 170 },
  restartOk: { render: (v: unknown) => (v === null ? '—' : v ? '成功' : '失败') },
  storeId: { reference: storeSource },
  agentId: { reference: providerSource },
} as const;
const columns = [
  'deviceName',
  'communicationStatus',
  'storeName',
  'ip',
  'firmwareVersion',
  'deviceCode',
  'lastSeenAt',
  'boundAt',
] as const;
const filterLabels = {
  keyword: { label: '关键词', placeholder: '设备号或 IP' },
  firmwareVersion: { label: '固件版本', choicesFrom: gatewayEndpoints.versions },
};
const shared = {
  fields,
  filterLabels,
  rowTitle: (row: GatewayDevice) => row.deviceName,
  livePresence: { device: 'gateway', online: 'communicationStatus', seenAt: 'lastSeenAt' },
  detail: [...columns, 'agentName', 'restartOk', 'restartMessage', 'remark', 'createdAt'],
} as const;

/** 网关设备 (platform, /userMgt/factorySetting): every provider's gateways. */
export const gatewayDeviceWeb = defineWebResource(gatewayDeviceResource, {
  ...shared,
  columns: ['deviceName', 'communicationStatus', 'agentName', ...columns.slice(2)],
  search: ['keyword', 'communicationStatus', 'firmwareVersion', 'agentId', 'storeId'],
});

/** 网关设备 (provider, /agentZKB/agentZKBMgt): the provider's own gateways. */
export const agentGatewayWeb = defineWebResource(agentGatewayResource, {
  ...shared,
  columns,
  search: ['keyword', 'communicationStatus', 'firmwareVersion', 'storeId'],
});
