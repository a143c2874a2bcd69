import { password as passwordPolicy } from '@console/contract';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { schemaRules } from '../resource/record-form-drawer';
import { lockedModalFooter, useWriteLocked } from '../resource/write-lock';
import { OneTimePasswordModal } from './one-time-password';

interface Props {
  /** Whose password, e.g. 王会计（wang.kj）. */
  who: string;
  /** Calls the account's reset endpoint: a typed password, or none for the server to generate one. */
  reset: (body: { password?: string }) => Promise<{ password: string | null }>;
  onClose: () => void;
}

type Mode = 'generate' | 'manual';

/**
 * 重置密码: the operator confirms, then either types the new password or lets the server generate
 * one, shown here once (the server never answers it again). The account must change it at its next
 * sign-in, and its open sessions end at once.
 * Its own form: a second step shows a generated password once, which an ActionDialog cannot.
 */
export function ResetPasswordDialog({ who, reset, onClose }: Props) {
  const [form] = Form.useForm<{ mode: Mode; password?: string }>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  // Resetting writes: 确定重置 is locked in a read-only 以服务商身份查看 tab.
  const locked = useWriteLocked();
  const [generated, setGenerated] = useState<string | null>(null);
  const mode = Form.useWatch('mode', form);

  const submit = async (values: { mode: Mode; password?: string }) => {
    if (locked) return;
    setSaving(true);
    try {
      const answer = await reset(values.mode === 'manual' ? { password: values.password } : {});
      if (answer.password) setGenerated(answer.password);
      else {
        void message.success('密码已重置');
        onClose();
      }
    } catch {
      // The request client has already said why.
    } finally {
      setSaving(false);
    }
  };

  if (generated) return <OneTimePasswordModal title="密码已重置" who={who} password={generated} onClose={onClose} />;

  return (
    <Modal
      open
      title={`重置密码：${who}`}
      okText="确定重置"
      okButtonProps={{ danger: true, loading: saving }}
      footer={lockedModalFooter(locked, '确定重置', true)}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        重置后该账号的登录会话立即失效，下次登录须先修改密码。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ mode: 'generate' }} onFinish={(v) => void submit(v)}>
        <Form.Item name="mode" label="新密码">
          <Radio.Group
            options={[
              { value: 'generate', label: '系统生成' },
              { value: 'manual', label: '手动输入' },
            ]}
          />
        </Form.Item>
        {mode === 'manual' && (
          <Form.Item
            name="password"
            label="输入新密码"
            extra="至少 8 位，包含字母和数字"
            rules={schemaRules(passwordPolicy, '请输入新密码')}
          >
            <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={64} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
