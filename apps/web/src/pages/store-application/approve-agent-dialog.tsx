import { type Agent, agentEndpoints, agentLevel } from '@console/contract';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api/request';

interface Props {
  agent: Agent;
  onClose: () => void;
  /** After the approval went through (the list refreshes). */
  onApproved: () => void;
}

type Answer = { loginName: string | null; phone: string };

/**
 * 通过 a provider application: the reviewer sets the level, then sees the account that was opened
 * and where its initial password was texted (the password itself is never shown here).
 */
export function ApproveAgentDialog({ agent, onClose, onApproved }: Props) {
  const [form] = Form.useForm<{ level: number; remark: string }>();
  const [saving, setSaving] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);

  const approve = async (values: { level: number; remark: string }) => {
    setSaving(true);
    try {
      const done = await api(agentEndpoints.examine, {
        body: {
          id: agent.id,
          version: agent.version,
          approve: true,
          level: values.level as Agent['level'],
          remark: values.remark,
        },
      });
      setAnswer(done);
      onApproved();
    } catch {
      // The request client has already said why; the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  };

  if (answer) {
    return (
      <Modal
        open
        title="已通过入驻申请"
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            知道了
          </Button>
        }
      >
        <Alert
          type="success"
          showIcon
          title={`服务商「${agent.name}」已开通`}
          description="已按默认服务商菜单开通权限，并创建了服务商管理员账号。初始密码已通过短信发送，首次登录须修改密码。"
          style={{ marginBottom: 16 }}
        />
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            {
              key: 'login',
              label: '登录账号',
              children: <Typography.Text copyable>{answer.loginName}</Typography.Text>,
            },
            { key: 'phone', label: '短信发送至', children: answer.phone },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          发送结果可在 短信管理 → 短信记录 中查看；发送失败时可在那里重新发送。
        </Typography.Paragraph>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={`通过入驻申请：${agent.name}`}
      okText="确定通过"
      cancelText="取消"
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        通过后将开通该服务商、授予默认服务商菜单，并为联系人 {agent.contactName}（{agent.contactPhone}
        ）创建管理员账号，初始密码以短信发送。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ level: agent.level, remark: agent.remark }}
        onFinish={(values) => void approve(values)}
      >
        <Form.Item name="level" label="服务商级别" rules={[{ required: true, message: '请选择服务商级别' }]}>
          <Select options={agentLevel.options} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="可选" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
