import { type MessageCreate, messageAdminType, sentMessageEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Drawer, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { api, applyFieldErrors } from '../../lib/api/request';
import { LazyRichTextEditor } from '../../components/rich-text/lazy-rich-text-editor';
import { LockableButton, useWriteLocked } from '../../components/resource/write-lock';

interface ComposeValues {
  messageTitle: string;
  audience: 'all' | 'some';
  agentIds?: string[];
  adminTypes?: Array<1 | 2>;
  content: string;
}

/** Whether editor HTML has any visible text (the server checks again after sanitising). */
function hasText(html: string): boolean {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim().length > 0;
}

/** Its own form: a message is sent, not a record edited (no version, no 载入最新数据). */
export function ComposeDrawer({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const [form] = Form.useForm<ComposeValues>();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [preview, setPreview] = useState<ComposeValues | null>(null);
  const [sending, setSending] = useState(false);
  const locked = useWriteLocked();
  const audience = Form.useWatch('audience', form);
  const agents = useQuery({
    queryKey: ['saasMessage', 'agentOptions', keyword],
    queryFn: () => api(sentMessageEndpoints.agentOptions, { query: { keyword: keyword || undefined } }),
    enabled: open && audience === 'some',
  });

  const submit = async (values: ComposeValues) => {
    if (locked) return;
    const body: MessageCreate = {
      messageTitle: values.messageTitle,
      content: values.content,
      ...(values.audience === 'some' ? { agentIds: values.agentIds ?? [] } : {}),
      ...(values.adminTypes?.length ? { adminTypes: values.adminTypes } : {}),
    };
    setSending(true);
    try {
      const sent = await api(sentMessageEndpoints.create, { body });
      void message.success(`发送成功，共 ${sent.recipientCount} 位接收人`);
      form.resetFields();
      onSent();
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Drawer
      title="发送系统消息"
      open={open}
      onClose={onClose}
      size={720}
      destroyOnHidden={false}
      extra={
        <Space>
          <Button
            onClick={() => {
              void form
                .validateFields()
                .then(setPreview)
                .catch(() => undefined);
            }}
          >
            预览
          </Button>
          <LockableButton locked={locked} type="primary" loading={sending} onClick={() => form.submit()}>
            发送
          </LockableButton>
        </Space>
      }
    >
      <Form<ComposeValues>
        form={form}
        layout="vertical"
        initialValues={{ audience: 'all', adminTypes: [], content: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="messageTitle"
          label="消息标题"
          rules={[{ required: true, whitespace: true, message: '请输入消息标题' }, { max: 100 }]}
        >
          <Input placeholder="请输入消息标题" maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="audience" label="接收服务商">
          <Radio.Group
            options={[
              { value: 'all', label: '全部服务商' },
              { value: 'some', label: '指定服务商' },
            ]}
          />
        </Form.Item>
        {audience === 'some' && (
          <Form.Item name="agentIds" label="选择服务商" rules={[{ required: true, message: '请选择服务商' }]}>
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              placeholder="输入名称搜索服务商"
              loading={agents.isFetching}
              options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="adminTypes" label="接收账号类型" extra="不选则发给所有服务商账号">
          <Checkbox.Group options={messageAdminType.options} />
        </Form.Item>
        <Form.Item
          name="content"
          label="消息内容"
          rules={[
            {
              validator: (_, value: string) =>
                hasText(value ?? '') ? Promise.resolve() : Promise.reject(new Error('请输入消息内容')),
            },
          ]}
        >
          <LazyRichTextEditor placeholder="请输入消息内容" />
        </Form.Item>
      </Form>
      <Modal title="消息预览" open={preview !== null} footer={null} onCancel={() => setPreview(null)} width={640}>
        {preview && (
          <>
            <h3>{preview.messageTitle}</h3>
            {/* The editor's HTML is not yet sanitised: a script-free sandbox shows it. */}
            <iframe
              title="消息预览"
              sandbox=""
              srcDoc={`<meta charset="utf-8"><body style="font:14px/1.8 sans-serif;margin:0">${preview.content}</body>`}
              style={{ width: '100%', minHeight: 240, border: '1px solid #f0f0f0' }}
            />
          </>
        )}
      </Modal>
    </Drawer>
  );
}
