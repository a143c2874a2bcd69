import { type SmsRecycling, handleRecyclingEndpoint, permissionOf } from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { smsRecyclingWeb } from '../../resources/sms-recycling';

const handleCode = permissionOf(handleRecyclingEndpoint.access) ?? 'smsRecycling.handle';
const PENDING = 0;

/** /SMS/SMSRecycling 短信回收: a pending request is credited back to its provider's SMS quota, or rejected. */
export default function SmsRecyclingPage() {
  const { message } = App.useApp();
  const web = useMemo(() => {
    const handle = (approve: boolean) => (row: SmsRecycling) =>
      api(handleRecyclingEndpoint, { body: { id: row.id, version: row.version, approve } }).then(() => {
        void message.success(approve ? `已将 ${row.quantity} 条退回「${row.agentName ?? ''}」的短信余额` : '已驳回');
      });
    const actions: RowAction<SmsRecycling>[] = [
      {
        key: 'approve',
        label: '确认回收',
        hotkey: 'a',
        permission: handleCode,
        visible: (row) => row.status === PENDING,
        confirm: (row) =>
          `确定回收「${row.storeName ?? ''}」的 ${row.quantity.toLocaleString('zh-CN')} 条短信，并退回到服务商「${row.agentName ?? ''}」的短信余额吗？此操作只能进行一次。`,
        run: handle(true),
      },
      {
        key: 'reject',
        label: '驳回',
        hotkey: 'r',
        permission: handleCode,
        danger: true,
        visible: (row) => row.status === PENDING,
        confirm: (row) => `确定驳回「${row.storeName ?? ''}」的回收申请吗？`,
        run: handle(false),
      },
    ];
    return { ...smsRecyclingWeb, rowActions: actions };
  }, [message]);
  return <ResourceListPage web={web} />;
}
