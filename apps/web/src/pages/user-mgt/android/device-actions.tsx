import {
  type AndroidDevice,
  androidEndpoints,
  deviceCredentialEndpoints,
  permissionOf,
  voiceCodeEndpoints,
} from '@console/contract';
import { App, Descriptions, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { type CredentialActionSpec, useCredentialAction } from '../../../components/device/use-credential-action';
import type { RowAction } from '../../../components/resource/define-web-resource';
import { formatYuan } from '../../../lib/money';
import { api } from '../../../lib/api/request';

export type DeviceFamily = 'platform' | 'agent';

// The two families' endpoints for the same actions; everything else is shared.
const endpoints = {
  platform: { info: androidEndpoints.serviceInfo, voice: voiceCodeEndpoints.take },
  agent: { info: androidEndpoints.agentServiceInfo, voice: voiceCodeEndpoints.obtain },
} as const;

const credentialOf = (
  endpoint: (typeof deviceCredentialEndpoints)['android' | 'agentAndroid'],
): CredentialActionSpec<AndroidDevice> => ({
  kind: 'android',
  permission: permissionOf(endpoint.access) ?? '',
  name: (row) => `安卓设备「${row.name}（${row.deviceNo}）」`,
  visible: (row) => row.banned !== 1,
  reset: (row) => api(endpoint, { query: { id: row.id } }),
});
// Built once per family, so the row actions stay the same object from render to render.
const credentials: Record<DeviceFamily, CredentialActionSpec<AndroidDevice>> = {
  platform: credentialOf(deviceCredentialEndpoints.android),
  agent: credentialOf(deviceCredentialEndpoints.agentAndroid),
};

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-');

/**
 * A terminal's row actions on both screens: 运行信息 asks the device itself (through the device
 * gateway) and shows what it says; the voice code is bound from the provider's allocated codes —
 * free when the platform binds it, paid from the provider's balance when a provider takes it, so
 * the provider is shown the price and balance before confirming; 设备密钥 issues the terminal a new
 * broker key, shown once in `element`.
 */
export function useDeviceActions(family: DeviceFamily): { actions: RowAction<AndroidDevice>[]; element: ReactNode } {
  const { modal, message } = App.useApp();
  const key = useCredentialAction(credentials[family]);
  const keyAction = key.action;
  const actions = useMemo(() => {
    const { info, voice } = endpoints[family];
    const serviceInfo: RowAction<AndroidDevice> = {
      key: 'serviceInfo',
      label: '运行信息',
      permission: permissionOf(info.access) ?? '',
      run: async (row) => {
        const { live } = await api(info, { query: { id: row.id } });
        modal.info({
          title: `运行信息：${row.name}`,
          width: 480,
          content: (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="状态">
                {live.online ? <Tag color="green">在线</Tag> : <Tag>离线</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="最后通信">{time(live.lastSeenAt)}</Descriptions.Item>
              <Descriptions.Item label="IP 地址">{live.ip || '-'}</Descriptions.Item>
              <Descriptions.Item label="应用版本">{live.appVersion || '-'}</Descriptions.Item>
              <Descriptions.Item label="设备码">{live.deviceCode || '-'}</Descriptions.Item>
            </Descriptions>
          ),
        });
      },
    };
    const bindVoice: RowAction<AndroidDevice> = {
      key: 'voiceCode',
      label: family === 'agent' ? '领取语音码' : '绑定语音码',
      permission: permissionOf(voice.access) ?? '',
      // A terminal without a store gets its code once bound (the server refuses it before).
      visible: (row) => !row.voiceCode && row.storeId !== null,
      run: async (row) => {
        let question = `为「${row.name}」绑定一个该服务商已分配的语音码？`;
        if (family === 'agent') {
          const { price, balance } = await api(voiceCodeEndpoints.price);
          question = `为「${row.name}」领取语音码，将从账户余额扣除 ${formatYuan(price)}（当前余额 ${formatYuan(balance ?? 0)}）。确定领取？`;
        }
        const confirmed = await modal.confirm({ title: bindVoice.label, content: question, okText: '确定' });
        if (!confirmed) return;
        const bound = await api(voice, { query: { deviceId: row.id } });
        void message.success(`已绑定语音码 ${bound.code}`);
      },
    };
    return [serviceInfo, bindVoice, keyAction];
  }, [family, modal, message, keyAction]);
  return { actions, element: key.element };
}
