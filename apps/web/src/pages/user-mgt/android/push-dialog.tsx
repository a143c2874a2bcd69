import { appVersionEndpoints, appVersionResource, androidEndpoints, updateType } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useActionDialog } from '../../../components/resource/action-dialog';
import { api } from '../../../lib/api/request';
import { pushKey } from './push-progress-drawer';

interface Values {
  appVersionId: string;
  companyGroupId: string;
}

/** The release and the company group to push it to, each chosen from what the server lists. */
function PushFields() {
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
  return (
    <>
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
    </>
  );
}

/**
 * 推送应用更新: choose a terminal release and a company group, then push: every terminal of the
 * group's enterprises' stores gets it. `onPushed` receives the new push, to show its progress.
 */
export function usePushDialog(onPushed: (jobId: string) => void): { open: () => void; element: ReactNode } {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const dialog = useActionDialog<never, Values>({
    title: () => '推送应用更新',
    summary: () => '所选公司分组下各企业门店的全部安卓终端将收到该版本，进度可在推送记录中查看。',
    form: <PushFields />,
    okText: '推送',
    submit: async (_rows, values) => {
      const job = await api(appVersionEndpoints.push, { body: values, quietCodes: [400100] });
      void message.success(`已向 ${job.total} 台设备推送 ${job.versionName}`);
      await queryClient.invalidateQueries({ queryKey: pushKey() });
      onPushed(job.id);
    },
  });
  // Closing without pushing is not a failure here: nothing waits on the promise.
  return { open: () => void dialog.open([]).catch(() => undefined), element: dialog.element };
}
