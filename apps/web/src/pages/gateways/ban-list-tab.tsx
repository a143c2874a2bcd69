import { PlusOutlined } from '@ant-design/icons';
import { deviceBanRow, gatewayEndpoints, permissionOf } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { useActionDialog } from '../../components/resource/action-dialog';
import { ConfirmButton } from '../../components/resource/confirm-button';
import { ListCard } from '../../components/resource/list-card';
import { LockableButton, useWriteLocked } from '../../components/resource/write-lock';
import { ResourceTable, type TableColumn } from '../../components/resource/resource-table';
import { tableQueryState } from '../../components/resource/table-query';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { useSession } from '../../stores/session';

type Ban = Awaited<ReturnType<typeof api<typeof gatewayEndpoints.banList>>>[number];
const key = ['deviceBan', 'list'] as const;
const columns: TableColumn<Ban>[] = [
  { name: 'deviceName', label: '设备号', width: 180 },
  { name: 'reason', label: '原因' },
  { name: 'createdAt', label: '加入时间', width: 170 },
];

/**
 * 黑名单: gateway serials the cloud refuses (their MQTT messages are dropped and commands to them
 * refused). The server answers at most 500 entries, newest first; the keyword narrows them.
 */
export function BanListTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const permissions = useSession((s) => s.permissions);
  const locked = useWriteLocked();
  const [keyword, setKeyword] = useState('');
  const query = useQuery({
    queryKey: [...key, keyword],
    queryFn: ({ signal }) => api(gatewayEndpoints.banList, { query: { keyword: keyword || undefined }, signal }),
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    // The gateway list shows a 黑名单 tag per row.
    await queryClient.invalidateQueries({ queryKey: resourceQueryKey('gatewayDevice') });
  };
  const add = useActionDialog<null, { deviceName: string; reason: string }>({
    title: () => '加入黑名单',
    summary: () => '加入后，该设备号的网关连接云端时将被拒绝，已下发的指令也不再执行。',
    form: (
      <>
        <Form.Item
          name="deviceName"
          label="设备号"
          rules={[{ required: true, whitespace: true, message: '请输入设备号' }]}
        >
          <Input maxLength={60} placeholder="网关设备号，如 ZKB26010001" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="原因"
          rules={[{ required: true, min: 2, message: '请填写原因（至少 2 个字）' }]}
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </>
    ),
    okText: '加入',
    submit: async (_rows, values) => {
      await api(gatewayEndpoints.addBan, {
        body: { deviceName: values.deviceName.trim(), reason: values.reason.trim() },
      });
      void message.success('已加入黑名单');
      await refresh();
    },
  });
  const remove = async (row: Ban) => {
    await api(gatewayEndpoints.delBan, { query: { id: row.id } });
    void message.success(`已将「${row.deviceName}」移出黑名单`);
    await refresh();
  };
  const canAdd = permissions.has(permissionOf(gatewayEndpoints.addBan.access) ?? '');
  const canRemove = permissions.has(permissionOf(gatewayEndpoints.delBan.access) ?? '');

  return (
    <div className="resource-page">
      <ListCard className="resource-search-card">
        <Input.Search
          placeholder="设备号"
          enterButton="查询"
          allowClear
          style={{ width: 320, maxWidth: '100%' }}
          onSearch={(v) => setKeyword(v.trim())}
          aria-label="按设备号查找黑名单"
        />
      </ListCard>
      <ListCard>
        <div className="ban-toolbar" style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
          <strong>网关黑名单</strong>
          {canAdd && (
            <LockableButton
              locked={locked}
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void add.open([null]).catch(() => undefined)}
            >
              加入黑名单
            </LockableButton>
          )}
        </div>
        <ResourceTable
          of={deviceBanRow}
          columns={columns}
          rows={query.data}
          {...tableQueryState(query)}
          errorTitle="黑名单加载失败"
          size="middle"
          pagination={{ size: 20 }}
          actions={
            canRemove
              ? {
                  width: 110,
                  render: (row) => (
                    <ConfirmButton
                      label="移出黑名单"
                      danger
                      question={`确定将「${row.deviceName}」移出黑名单吗？移出后云端将重新接收它的消息。`}
                      onConfirm={() => void remove(row)}
                      locked={locked}
                    />
                  ),
                }
              : undefined
          }
        />
      </ListCard>
      {add.element}
    </div>
  );
}
