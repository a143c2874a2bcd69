import { type Agent, type ViewAsMode, viewAsEndpoints, viewAsModeLabels } from '@console/contract';
import { App, Form, Input, Radio } from 'antd';
import { useActionDialog } from '../../components/resource/action-dialog';
import { api } from '../../lib/api/request';
import { viewAsTabUrl } from '../../lib/view-as-tab';

interface Values {
  mode: ViewAsMode;
  reason?: string;
}

/**
 * 以服务商身份查看 from the provider list: pick read-only (or, with the second permission, write
 * mode and a reason); the provider's console opens in a new tab that alone holds the view's token.
 */
export function useViewAsDialog(canWrite: boolean) {
  const { modal } = App.useApp();
  return useActionDialog<Agent, Values>({
    title: ([agent]) => `以服务商身份查看：${agent?.name ?? ''}`,
    summary: () => '将在新标签页打开该服务商的控制台，最长 30 分钟；每次操作都会记入双方的操作日志，服务商会收到通知。',
    okText: '打开',
    initialValues: () => ({ mode: 'read' }),
    form: (
      <>
        <Form.Item name="mode" label="方式" rules={[{ required: true }]}>
          <Radio.Group>
            <Radio value="read">{viewAsModeLabels.read}</Radio>
            {canWrite && <Radio value="write">{viewAsModeLabels.write}</Radio>}
          </Radio.Group>
        </Form.Item>
        <Form.Item noStyle dependencies={['mode']}>
          {({ getFieldValue }) =>
            getFieldValue('mode') === 'write' && (
              <Form.Item
                name="reason"
                label="修改原因"
                rules={[
                  { required: true, whitespace: true, message: '请填写原因' },
                  { min: 4, message: '原因至少 4 个字' },
                  { max: 200, message: '原因最多 200 字' },
                ]}
              >
                <Input.TextArea rows={3} maxLength={200} showCount placeholder="如 协助服务商修正门店资料" />
              </Form.Item>
            )
          }
        </Form.Item>
      </>
    ),
    submit: async ([agent], values) => {
      if (!agent) return;
      const started =
        values.mode === 'write'
          ? await api(viewAsEndpoints.startWrite, { body: { agentId: agent.id, reason: values.reason ?? '' } })
          : await api(viewAsEndpoints.start, { body: { agentId: agent.id } });
      const url = viewAsTabUrl(started.token);
      // A browser that blocks the tab (the click was a moment ago) gets a link to open it by hand.
      if (!window.open(url, '_blank')) {
        modal.info({
          title: '请打开查看标签页',
          content: (
            <a href={url} target="_blank" rel="opener">
              打开「{agent.name}」的控制台
            </a>
          ),
          okText: '关闭',
        });
      }
    },
  });
}
