import { type SmsChannel, permissionOf, testSmsChannelEndpoint } from '@console/contract';
import { App, Form, Input } from 'antd';
import { useMemo } from 'react';
import { useActionDialog } from '../../components/resource/action-dialog';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { smsChannelWeb } from '../../resources/sms-channel';

const testCode = permissionOf(testSmsChannelEndpoint.access) ?? 'smsChannel.test';
const ENABLED = 1;

/** /SMS/SMSChannel 短信通道: gateway accounts tried by priority, with a test send through one of them. */
export default function SmsChannelPage() {
  const { modal } = App.useApp();
  const { open, element } = useActionDialog<SmsChannel, { phone: string }>({
    title: () => '发送测试短信',
    summary: ([channel]) =>
      channel && `通过「${channel.name}」（签名【${channel.signName}】）发送一条测试短信；结果记入短信记录。`,
    form: (
      <Form.Item
        name="phone"
        label="接收手机号"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: /^1\d{10}$/, message: '请输入 11 位手机号' },
        ]}
      >
        <Input maxLength={11} inputMode="numeric" placeholder="如 13800138000" />
      </Form.Item>
    ),
    okText: '发送',
    submit: async ([channel], { phone }) => {
      if (!channel) return;
      const result = await api(testSmsChannelEndpoint, { body: { id: channel.id, phone } });
      const detail = `网关应答：${result.message}（耗时 ${result.elapsedMs} ms${result.messageId ? `，消息编号 ${result.messageId}` : ''}）`;
      if (result.ok) modal.success({ title: '测试短信已送达网关', content: detail, okText: '知道了' });
      else modal.error({ title: '测试短信发送失败', content: detail, okText: '知道了' });
    },
  });

  const web = useMemo(() => {
    const test: RowAction<SmsChannel> = {
      key: 'test',
      label: '测试发送',
      permission: testCode,
      visible: (channel) => channel.status === ENABLED,
      run: (channel) => open([channel]),
    };
    return { ...smsChannelWeb, rowActions: [test] };
  }, [open]);

  return (
    <>
      <ResourceListPage web={web} />
      {element}
    </>
  );
}
