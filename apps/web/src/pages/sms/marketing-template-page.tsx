import { type MarketingTemplate, permissionOf, reviewTemplateEndpoint, sendTemplateEndpoint } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useActionDialog } from '../../components/resource/action-dialog';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ReasonDialog } from '../../components/resource/reason-dialog';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { marketingTemplateWeb } from '../../resources/marketing-template';
import { FilledText, VariableInputs, sampleValues } from '../../features/sms/template-preview';

const reviewCode = permissionOf(reviewTemplateEndpoint.access) ?? 'marketingTemplate.review';
const sendCode = permissionOf(sendTemplateEndpoint.access) ?? 'marketingTemplate.send';
const PENDING = 0;
const APPROVED = 1;

interface SendValues {
  phone: string;
  values: Record<string, string>;
}

/** The send dialog's preview follows what the operator types. */
function LivePreview({ content }: { content: string }) {
  const values = Form.useWatch<Record<string, string> | undefined>('values') ?? {};
  return <FilledText content={content} values={values} />;
}

/** /SMS/marketingTemplate 营销模板审核: providers' templates, previewed, approved or rejected; approved ones sent. */
export default function MarketingTemplatePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<MarketingTemplate | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: resourceQueryKey(marketingTemplateWeb.resource.name) });

  const [sending, setSending] = useState<MarketingTemplate | null>(null);
  const { open, element } = useActionDialog<MarketingTemplate, SendValues>({
    title: ([tpl]) => `发送营销短信：${tpl?.name ?? ''}`,
    summary: () => '填写变量后发送到一个号码，用于上线前核对；发送结果见短信记录。',
    initialValues: ([tpl]) => ({ values: tpl ? sampleValues(tpl.content) : {} }),
    form: sending && (
      <>
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
        <VariableInputs content={sending.content} />
        <LivePreview content={sending.content} />
      </>
    ),
    okText: '发送',
    submit: async ([tpl], values) => {
      if (!tpl) return;
      await api(sendTemplateEndpoint, { body: { id: tpl.id, phone: values.phone, values: values.values ?? {} } });
      void message.success(`已提交发送到 ${values.phone}，结果见短信记录`);
    },
  });

  const web = useMemo(() => {
    const actions: RowAction<MarketingTemplate>[] = [
      {
        key: 'approve',
        label: '通过',
        hotkey: 'a',
        permission: reviewCode,
        visible: (tpl) => tpl.reviewStatus === PENDING,
        confirm: (tpl) => `确定通过模板「${tpl.name}」吗？通过后门店即可用它发送营销短信。`,
        run: (tpl) =>
          api(reviewTemplateEndpoint, {
            body: { id: tpl.id, version: tpl.version, approve: true, rejectReason: '' },
          }).then(() => {
            void message.success(`已通过「${tpl.name}」`);
          }),
      },
      {
        key: 'reject',
        label: '驳回',
        hotkey: 'r',
        permission: reviewCode,
        danger: true,
        visible: (tpl) => tpl.reviewStatus === PENDING,
        run: (tpl) => Promise.resolve(setRejecting(tpl)),
      },
      {
        key: 'send',
        label: '发送',
        permission: sendCode,
        visible: (tpl) => tpl.reviewStatus === APPROVED,
        run: (tpl) => {
          setSending(tpl);
          return open([tpl]);
        },
      },
    ];
    return { ...marketingTemplateWeb, rowActions: actions };
  }, [message, open]);

  return (
    <>
      <ResourceListPage web={web} />
      {element}
      {rejecting && (
        <ReasonDialog
          key={rejecting.id}
          title={`驳回模板：${rejecting.name}`}
          description="驳回原因会展示给提交模板的门店，门店修改后可重新提交。"
          onSubmit={(rejectReason) =>
            api(reviewTemplateEndpoint, {
              body: { id: rejecting.id, version: rejecting.version, approve: false, rejectReason },
            }).then(() => {
              void message.success(`已驳回「${rejecting.name}」`);
              return refresh();
            })
          }
          onClose={() => setRejecting(null)}
        />
      )}
    </>
  );
}
