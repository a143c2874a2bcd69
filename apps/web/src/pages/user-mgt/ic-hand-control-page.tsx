import { type LockIntegration, lockCommandEndpoints, permissionOf } from '@console/contract';
import { App, Form, Input, InputNumber } from 'antd';
import { useMemo } from 'react';
import { useActionDialog } from '../../components/resource/action-dialog';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { type ResourceTab, ResourceTabs } from '../../components/resource/resource-tabs';
import { api } from '../../lib/api/request';
import { lockCommandWeb, lockIntegrationWeb } from '../../resources/lock-integration';

const commandCode = permissionOf(lockCommandEndpoints.pushConfig.access) ?? 'lockIntegration.command';
const sent = '指令已发送，执行结果见“指令记录”';
// Opening and clearing need the settings on the gateway first; the server says so too.
const ready = (row: LockIntegration) => row.status === 1 && row.pushStatus === 2 && !!row.gatewaySerial;
const lastLocker = (row: LockIntegration) => row.lockerStart + row.lockerCount - 1;

/** The integrations list with its three commands; the dialogs ask for the locker or the card. */
function IntegrationsTab({ address }: { address: Parameters<ResourceTab['render']>[0] }) {
  const { message } = App.useApp();
  const openDialog = useActionDialog<LockIntegration, { lockerNo: number }>({
    title: () => '远程开柜',
    summary: ([row]) =>
      row && `门店「${row.storeName}」柜号 ${row.lockerStart}–${lastLocker(row)}，经网关 ${row.gatewaySerial} 开柜。`,
    form: (
      <Form.Item name="lockerNo" label="柜号" rules={[{ required: true, message: '请输入柜号' }]}>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    ),
    okText: '开柜',
    submit: async ([row], values) => {
      if (!row) return;
      await api(lockCommandEndpoints.openLocker, { body: { id: row.id, lockerNo: values.lockerNo } });
      void message.success(sent);
    },
  });
  const clearDialog = useActionDialog<LockIntegration, { cardNo: string }>({
    title: () => '清除手环',
    summary: ([row]) =>
      row && `清除后该手环在门店「${row.storeName}」的消费与柜门绑定数据将被擦除，请确认手环已放在读卡器上。`,
    form: (
      <Form.Item
        name="cardNo"
        label="手环卡号"
        rules={[
          { required: true, message: '请输入手环卡号' },
          { pattern: /^[0-9A-Fa-f]{8,20}$/, message: '手环卡号为 8–20 位数字或十六进制字符' },
        ]}
      >
        <Input placeholder="如 04A1B2C3" maxLength={20} />
      </Form.Item>
    ),
    okText: '清除',
    submit: async ([row], values) => {
      if (!row) return;
      await api(lockCommandEndpoints.clearWristband, { body: { id: row.id, cardNo: values.cardNo.trim() } });
      void message.success(sent);
    },
  });
  const { open: openLocker } = openDialog;
  const { open: openClear } = clearDialog;

  const web = useMemo(() => {
    const actions: RowAction<LockIntegration>[] = [
      {
        key: 'push',
        label: '下发配置',
        permission: commandCode,
        visible: (row) => !!row.gatewaySerial && row.pushStatus !== 1,
        confirm: (row) =>
          `将当前柜锁配置下发到门店「${row.storeName}」的网关 ${row.gatewaySerial}？下发期间柜锁会短暂重载。`,
        run: async (row) => {
          await api(lockCommandEndpoints.pushConfig, { body: { id: row.id } });
          void message.success(sent);
        },
      },
      { key: 'open', label: '开柜', permission: commandCode, visible: ready, run: (row) => openLocker([row]) },
      { key: 'clear', label: '清除手环', permission: commandCode, visible: ready, run: (row) => openClear([row]) },
    ];
    // 开柜 and 清除手环 are what the front desk does all day; 编辑, 下发配置 and 删除 go under 更多.
    return { ...lockIntegrationWeb, rowActions: actions, rowActionOrder: ['view', 'open', 'clear'] };
  }, [message, openLocker, openClear]);

  return (
    <>
      <ResourceListPage web={web} address={address} />
      {openDialog.element}
      {clearDialog.element}
    </>
  );
}

const tabs: readonly ResourceTab[] = [
  {
    key: 'integrations',
    label: '柜锁对接',
    permission: 'lockIntegration.page',
    render: (address) => <IntegrationsTab address={address} />,
  },
  {
    key: 'commands',
    label: '指令记录',
    permission: 'lockCommand.page',
    render: (address) => <ResourceListPage web={lockCommandWeb} address={address} />,
  },
];

/**
 * IC 手环控制, mounted at /userMgt/ICHandControl (platform, every provider's stores) and at
 * /agentICHandControl/agentICHandControl (a provider's own stores, scoped by the server).
 */
export default function IcHandControlPage() {
  return <ResourceTabs tabs={tabs} />;
}
