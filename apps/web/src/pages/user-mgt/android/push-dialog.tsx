import { appVersionEndpoints, appVersionResource, androidEndpoints, updateType } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { api, applyFieldErrors } from '../../../lib/api/request';
import { pushKey } from './push-progress-drawer';

interface Values {
  appVersionId: string;
  companyGroupId: string;
}

/**
 * Choose a terminal release and a company group, then push: every terminal of the group's
 * enterprises' stores gets it. Opens the new push's progress when sent.
 */
export function PushDialog({ onClose, onPushed }: { onClose: () => void; onPushed: (jobId: string) => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const versions = useQuery({
    queryKey: pushKey('versions'),
    queryFn: ({ signal }) =>
      api(appVersionResource.endpoints.page!, {
        body: { offset: 1, size: 50, app: 1, sort: { field: 'versionCode', order: 'descend' } },
        signal,
      }),
  });
  const groups = useQuery({
    queryKey: pushKey('groups'),
    queryFn: ({ signal }) => api(androidEndpoints.companyGroups, { signal }),
  });
  const submit = async (values: Values) => {
    setSending(true);
    try {
      const job = await api(appVersionEndpoints.push, { body: values, quietCodes: [400100] });
      void message.success(`已向 ${job.total} 台设备推送 ${job.versionName}`);
      await queryClient.invalidateQueries({ queryKey: pushKey() });
      onPushed(job.id);
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open
      title="推送应用更新"
      okText="推送"
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="appVersionId" label="终端版本" rules={[{ required: true, message: '请选择要推送的版本' }]}>
          <Select
            loading={versions.isLoading}
            placeholder="请选择版本"
            options={versions.data?.list.map((v) => ({
              value: v.id,
              label: `${v.versionName}（序号 ${v.versionCode}，${updateType.labels[v.updateType]}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="companyGroupId" label="公司分组" rules={[{ required: true, message: '请选择公司分组' }]}>
          <Select
            loading={groups.isLoading}
            placeholder="请选择分组"
            showSearch={{ optionFilterProp: 'label' }}
            options={groups.data?.map((g) => ({ value: g.id, label: `${g.name}（${g.enterpriseCount} 个企业）` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
