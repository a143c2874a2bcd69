import { type Agent, agentEndpoints, agentLevel } from '@console/contract';
import { Alert, App, Descriptions, Form, Input, Select, Typography } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useActionDialog } from '../../components/resource/action-dialog';
import { api } from '../../lib/api/request';

interface Values {
  level: Agent['level'];
  remark: string;
}

/** The account the approval opened, and where its initial password went (never the password itself). */
function OpenedAccount({ agent, answer }: { agent: Agent; answer: { loginName: string | null; phone: string } }) {
  return (
    <>
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
          { key: 'login', label: '登录账号', children: <Typography.Text copyable>{answer.loginName}</Typography.Text> },
          { key: 'phone', label: '短信发送至', children: answer.phone },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        发送结果可在 短信管理 → 短信记录 中查看；发送失败时可在那里重新发送。
      </Typography.Paragraph>
    </>
  );
}

/**
 * 通过 a provider application: the reviewer sets the level (and a remark), then is shown the
 * account that was opened. `open(agent)` settles as a row action's run does: resolved once
 * approved (the list reloads), rejected when the reviewer closes the dialog.
 */
export function useApproveAgentDialog(): { open: (agent: Agent) => Promise<void>; element: ReactNode } {
  const { modal } = App.useApp();
  const dialog = useActionDialog<Agent, Values>({
    title: ([agent]) => `通过入驻申请：${agent?.name ?? ''}`,
    summary: ([agent]) =>
      agent &&
      `通过后将开通该服务商、授予默认服务商菜单，并为联系人 ${agent.contactName}（${agent.contactPhone}）创建管理员账号，初始密码以短信发送。`,
    form: (
      <>
        <Form.Item name="level" label="服务商级别" rules={[{ required: true, message: '请选择服务商级别' }]}>
          <Select options={agentLevel.options} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="可选" />
        </Form.Item>
      </>
    ),
    initialValues: ([agent]) => ({ level: agent?.level, remark: agent?.remark }),
    okText: '确定通过',
    submit: async ([agent], values) => {
      if (!agent) return;
      const answer = await api(agentEndpoints.examine, {
        body: { id: agent.id, version: agent.version, approve: true, level: values.level, remark: values.remark },
      });
      modal.success({
        title: '已通过入驻申请',
        content: <OpenedAccount agent={agent} answer={answer} />,
        okText: '知道了',
        width: 520,
      });
    },
  });
  const { open } = dialog;
  const openFor = useCallback((agent: Agent) => open([agent]), [open]);
  return { open: openFor, element: dialog.element };
}
