import { type Store, recycleStoreEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Modal, Skeleton, Typography } from 'antd';
import { lockedModalFooter, useWriteLocked } from '../../components/resource/write-lock';
import { useState } from 'react';
import { api, applyFieldErrors } from '../../lib/api/request';

interface Props {
  store: Store;
  onClose: () => void;
  onPurged: () => void;
}

/**
 * 彻底删除 a recycled store: first what still references it (devices, accounts, payments…), which
 * must be dealt with elsewhere; otherwise the operator types the store's full name to confirm.
 * Not an ActionDialog: its confirmation depends on a references query and on the typed name matching.
 */
export function PurgeStoreDialog({ store, onClose, onPurged }: Props) {
  const [form] = Form.useForm<{ name: string }>();
  const typed = Form.useWatch('name', form) ?? '';
  const [saving, setSaving] = useState(false);
  const locked = useWriteLocked();
  const refs = useQuery({
    queryKey: ['storeReferences', store.id],
    queryFn: ({ signal }) => api(recycleStoreEndpoints.references, { query: { id: store.id }, signal }),
  });
  const blocked = (refs.data?.length ?? 0) > 0;

  const purge = async ({ name }: { name: string }) => {
    // Enter in the name field submits even while 彻底删除 is locked.
    if (locked) return;
    setSaving(true);
    try {
      await api(recycleStoreEndpoints.purge, { body: { id: store.id, version: store.version, name } });
      onPurged();
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
      void refs.refetch();
    } finally {
      setSaving(false);
    }
  };

  const body = () => {
    if (refs.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    if (refs.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title="关联数据查询失败"
          action={<Button onClick={() => void refs.refetch()}>重试</Button>}
        />
      );
    }
    if (blocked) {
      return (
        <>
          <Alert type="warning" showIcon title="该门店仍被以下数据引用，无法彻底删除" style={{ marginBottom: 12 }} />
          <List
            size="small"
            bordered
            dataSource={refs.data}
            renderItem={(ref) => (
              <List.Item>
                {ref.label}：{ref.count} 条
              </List.Item>
            )}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            请先解绑或删除这些数据；门店可继续留在回收站，或恢复使用。
          </Typography.Paragraph>
        </>
      );
    }
    return (
      <>
        <Alert
          type="error"
          showIcon
          title="彻底删除后无法恢复"
          description="门店记录将从数据库中删除，操作会记入操作日志。"
          style={{ marginBottom: 16 }}
        />
        <Form form={form} layout="vertical" onFinish={(values) => void purge(values)}>
          <Form.Item
            name="name"
            label={
              <span>
                请输入门店名称 <Typography.Text strong>{store.name}</Typography.Text> 以确认
              </span>
            }
            rules={[{ required: true, message: '请输入门店名称以确认' }]}
          >
            <Input placeholder={store.name} autoComplete="off" maxLength={60} />
          </Form.Item>
        </Form>
      </>
    );
  };

  return (
    <Modal
      open
      title={`彻底删除门店：${store.name}`}
      okText="彻底删除"
      cancelText={blocked ? '关闭' : '取消'}
      okButtonProps={{
        danger: true,
        loading: saving,
        disabled: refs.isPending || refs.isError || blocked || typed.trim() !== store.name,
      }}
      footer={lockedModalFooter(locked, '彻底删除', true)}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {body()}
    </Modal>
  );
}
