import {
  type EndpointDef,
  type GatewayDevice,
  deviceCredentialEndpoints,
  gatewayEndpoints,
  permissionOf,
} from '@console/contract';
import { App, Form, Input } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type CredentialActionSpec, useCredentialAction } from '../../components/device/use-credential-action';
import { useActionDialog } from '../../components/resource/action-dialog';
import type { RowAction } from '../../components/resource/define-web-resource';
import { api } from '../../lib/api/request';

const code = (endpoint: EndpointDef) => permissionOf(endpoint.access) ?? '';
const serial = (row: GatewayDevice) => ({ query: { deviceName: row.deviceName } });

// One endpoint for both screens: the server's scope keeps a provider to its own gateways.
const credential: CredentialActionSpec<GatewayDevice> = {
  kind: 'gateway',
  permission: code(deviceCredentialEndpoints.gateway),
  name: (row) => `网关「${row.deviceName}」`,
  visible: (row) => !row.banned,
  reset: (row) => api(deviceCredentialEndpoints.gateway, serial(row)),
};

/** GET /device/getDeviceStatus/{deviceName}: the stored status, without waking the device. */
export function deviceStatus(deviceName: string, quiet = false) {
  const path = gatewayEndpoints.deviceStatus.path.replace(':deviceName', encodeURIComponent(deviceName));
  return api({ ...gatewayEndpoints.deviceStatus, path }, { quiet });
}

const RESTART_POLL_MS = 2_000;
const RESTART_GIVE_UP_MS = 120_000;

/**
 * After a restart is accepted, waits for the gateway's answer (the row stops saying 重启中) and
 * tells the operator how it went: the device answers minutes later, not in the request.
 */
function useRestartWatch() {
  const { notification } = App.useApp();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach(clearTimeout);
  }, []);
  return useCallback(
    (deviceName: string) => {
      const started = Date.now();
      const poll = () => {
        const t = setTimeout(() => {
          timers.current.delete(t);
          void deviceStatus(deviceName, true)
            .then((s) => {
              if (s.restarting && Date.now() - started < RESTART_GIVE_UP_MS) return poll();
              if (s.restarting) {
                notification.warning({
                  title: `网关 ${deviceName} 仍在重启`,
                  description: '设备尚未回应，请稍后刷新查看',
                });
              } else if (s.restartOk) {
                notification.success({
                  title: `网关 ${deviceName} 重启完成`,
                  description: s.restartMessage || '设备已重新上线',
                });
              } else {
                notification.error({
                  title: `网关 ${deviceName} 重启失败`,
                  description: s.restartMessage || '设备未能恢复连接',
                });
              }
            })
            .catch(() => poll());
        }, RESTART_POLL_MS);
        timers.current.add(t);
      };
      poll();
    },
    [notification],
  );
}

/**
 * The gateway row actions both screens share: live queries (IP, communication status, device
 * code), restart (confirmed; its result is announced when the device answers), a new device key,
 * unbind, and on the platform's screen adding the serial to the 黑名单.
 */
export function useGatewayActions(opts: { unbind: EndpointDef; canBan: boolean }) {
  const { message, modal } = App.useApp();
  const watchRestart = useRestartWatch();
  const key = useCredentialAction(credential);
  const keyAction = key.action;
  const ban = useActionDialog<GatewayDevice, { reason: string }>({
    title: () => '加入黑名单',
    summary: ([row]) => row && <>网关「{row.deviceName}」加入黑名单后，云端不再接收它的消息，也不再向它下发指令。</>,
    form: (
      <Form.Item name="reason" label="原因" rules={[{ required: true, min: 2, message: '请填写原因（至少 2 个字）' }]}>
        <Input.TextArea
          maxLength={200}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder="如：设备被盗、非法接入"
        />
      </Form.Item>
    ),
    okText: '加入',
    submit: async ([row], values) => {
      if (!row) return;
      await api(gatewayEndpoints.addBan, { body: { deviceName: row.deviceName, reason: values.reason.trim() } });
      void message.success(`已将「${row.deviceName}」加入黑名单`);
    },
  });
  const openBan = ban.open;

  const rowActions = useMemo((): RowAction<GatewayDevice>[] => {
    const query = code(gatewayEndpoints.queryIp);
    // Only a gateway that is on line and not busy restarting can answer a live query.
    const online = (row: GatewayDevice) => !row.banned && row.restarting !== 1 && row.communicationStatus === 1;
    return [
      {
        key: 'queryIp',
        label: '查询IP',
        permission: query,
        reads: !gatewayEndpoints.queryIp.write,
        visible: online,
        run: async (row) => {
          const { ip } = await api(gatewayEndpoints.queryIp, serial(row));
          void message.success(`网关 ${row.deviceName} 当前 IP：${ip}`);
        },
      },
      {
        key: 'queryStatus',
        label: '通讯状态',
        permission: query,
        reads: !gatewayEndpoints.queryStatus.write,
        visible: (row) => !row.banned,
        run: async (row) => {
          const s = await api(gatewayEndpoints.queryStatus, serial(row));
          const state = s.restarting ? '重启中' : s.communicationStatus === 1 ? '在线' : '离线';
          void message.info(`网关 ${row.deviceName}：${state}，固件 ${s.firmwareVersion || '未知'}`);
        },
      },
      {
        key: 'deviceCode',
        label: '设备码',
        permission: query,
        reads: !gatewayEndpoints.deviceCode.write,
        visible: online,
        run: async (row) => {
          const { deviceCode } = await api(gatewayEndpoints.deviceCode, serial(row));
          modal.info({
            title: `网关 ${row.deviceName} 的设备码`,
            content: <Input readOnly value={deviceCode} />,
            okText: '知道了',
          });
        },
      },
      {
        key: 'restart',
        label: '重启',
        permission: code(gatewayEndpoints.restart),
        danger: true,
        visible: online,
        confirm: (row) => `确定重启网关「${row.deviceName}」吗？重启期间门店的设备将暂时离线。`,
        run: async (row) => {
          await api(gatewayEndpoints.restart, serial(row));
          void message.info(`重启指令已下发，等待网关 ${row.deviceName} 回应…`);
          watchRestart(row.deviceName);
        },
      },
      keyAction,
      {
        key: 'unbind',
        label: '解绑',
        permission: code(opts.unbind),
        danger: true,
        visible: (row) => row.storeId !== null,
        confirm: (row) => `确定将网关「${row.deviceName}」与门店「${row.storeName ?? ''}」解绑吗？`,
        run: async (row) => {
          await api(opts.unbind, { query: { id: row.id } });
          void message.success('已解绑');
        },
      },
      ...(opts.canBan
        ? [
            {
              key: 'ban',
              label: '加入黑名单',
              permission: code(gatewayEndpoints.addBan),
              danger: true,
              visible: (row: GatewayDevice) => !row.banned,
              run: (row: GatewayDevice) => openBan([row]),
            },
          ]
        : []),
    ];
  }, [message, modal, opts.unbind, opts.canBan, openBan, watchRestart, keyAction]);

  return {
    rowActions,
    element: (
      <>
        {ban.element}
        {key.element}
      </>
    ),
  };
}
