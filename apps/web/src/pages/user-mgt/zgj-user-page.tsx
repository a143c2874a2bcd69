import { type HomeUser, changeReason, homeUserEndpoints, permissionOf } from '@console/contract';
import { App, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useActionDialog } from '../../components/resource/action-dialog';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ExpiryDate } from '../../components/resource/expiry';
import { expiryStatCards } from '../../components/resource/expiry-stat-cards';
import type { ListStats } from '../../components/resource/list-stats';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { schemaMessage } from '../../components/resource/field-schema';
import { api } from '../../lib/api/request';
import { homeUserWeb } from '../../resources/home-user';

const updateCode = permissionOf(homeUserEndpoints.updateExpireDate.access) ?? 'homeUser.update';

const stats: ListStats = {
  endpoint: homeUserEndpoints.headStatistics,
  scope: ['agentId', 'enterpriseId', 'storeId'],
  cards: expiryStatCards('expireDate', '店主账号总数'),
};

interface ExpiryValues {
  expireDate: Dayjs;
  reason: string;
}

/** /userMgt/ZGJUser 店主账号: owner accounts with their statistics, expiry changes (with a reason) and deletion. */
export default function ZgjUserPage() {
  const { message } = App.useApp();
  const { open, element } = useActionDialog<HomeUser, ExpiryValues>({
    title: () => '修改到期日',
    summary: ([owner]) =>
      owner && (
        <>
          店主「{owner.name}」（{owner.phone}，{owner.storeName}）当前到期日 <ExpiryDate value={owner.expireDate} />
        </>
      ),
    initialValues: ([owner]) => ({ expireDate: owner ? dayjs(owner.expireDate) : undefined }),
    form: (
      <>
        <Form.Item name="expireDate" label="新的到期日" rules={[{ required: true, message: '请选择新的到期日' }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="修改原因"
          rules={[
            {
              validator: (_rule, value) => {
                const problem = schemaMessage(changeReason, value ?? '');
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea maxLength={100} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="如：续费一年" />
        </Form.Item>
      </>
    ),
    okText: '保存',
    submit: async ([owner], values) => {
      if (!owner) return;
      const expireDate = values.expireDate.format('YYYY-MM-DD');
      await api(homeUserEndpoints.updateExpireDate, {
        query: { id: owner.id, expireDate, version: owner.version, reason: values.reason.trim() },
      });
      void message.success(`已将「${owner.name}」的到期日改为 ${expireDate}`);
    },
  });

  const web = useMemo(() => {
    const change: RowAction<HomeUser> = {
      key: 'expireDate',
      label: '修改到期日',
      permission: updateCode,
      run: (owner) => open([owner]),
    };
    return { ...homeUserWeb, rowActions: [change, ...homeUserWeb.rowActions] };
  }, [open]);

  return (
    <>
      <ResourceListPage web={web} stats={stats} />
      {element}
    </>
  );
}
