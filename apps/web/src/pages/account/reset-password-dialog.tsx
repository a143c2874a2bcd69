import { type SaasAdmin, password as passwordPolicy, saasAdminEndpoints } from '@console/contract';
import { Alert, App, Button, Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { schemaRules } from '../../components/resource/record-form-drawer';
import { api } from '../../lib/api/request';

interface Props {
  admin: SaasAdmin;
  onClose: () => void;
}

type Mode = 'generate' | 'manual';

/**
 * 重置密码: the operator confirms, then either types the new password or lets the server generate
 * one, shown here once (the server never answers it again). The account must change it at its next
 * sign-in, and its open sessions end at once.
 */
export function ResetPasswordDialog({ admin, onClose }: Props) {
  const [form] = Form.useForm<{ mode: Mode; password?: string }>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);
  const mode = Form.useWatch('mode', form);
  const who = `${admin.name}（${admin.loginName}）`;

  const reset = async (values: { mode: Mode; password?: string }) => {
    setSaving(true);
    try {
      const answer = await api(saasAdminEndpoints.resetPassword, {
        query: { id: admin.id },
        body: values.mode === 'manual' ? { password: values.password } : {},
      });
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

  if (generated) {
    return (
      <Modal
        open
        title="密码已重置"
        closable={false}
        mask={{ closable: false }}
        footer={
          <Button type="primary" onClick={onClose}>
            我已记下
          </Button>
        }
      >
        <Alert
          type="warning"
          showIcon
          title="新密码只显示这一次"
          description="关闭后无法再次查看，请立即告知账号本人；其首次登录时须修改密码。"
          style={{ marginBottom: 16 }}
        />
        <Typography.Paragraph>
          {who} 的新密码：
          <Typography.Text code copyable={{ text: generated, tooltips: ['复制', '已复制'] }} aria-label="新密码">
            {generated}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={`重置密码：${who}`}
      okText="确定重置"
      okButtonProps={{ danger: true, loading: saving }}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        重置后该账号的登录会话立即失效，下次登录须先修改密码。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ mode: 'generate' }} onFinish={(v) => void reset(v)}>
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
