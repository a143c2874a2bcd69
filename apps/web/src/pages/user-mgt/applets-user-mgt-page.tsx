import { DUE_DATE_BATCH_MAX, type StaffAppletUser, permissionOf, staffAppletEndpoints } from '@console/contract';
import { App, DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { DialogCancelled, useActionDialog } from '../../components/resource/action-dialog';
import type { BatchAction, RowAction } from '../../components/resource/define-web-resource';
import { ExpiryDate } from '../../components/resource/expiry';
import { expiryStatCards } from '../../components/resource/expiry-stat-cards';
import type { ListStats } from '../../components/resource/list-stats';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { staffAppletUserWeb } from '../../resources/staff-applet-user';

const updateCode = permissionOf(staffAppletEndpoints.updateDueDate.access) ?? 'staffApplet.update';

const stats: ListStats = {
  endpoint: staffAppletEndpoints.statistics,
  scope: ['agentId', 'enterpriseId', 'storeId'],
  cards: expiryStatCards('dueDate', '员工总数'),
};

const dueDateItem = (
  <Form.Item name="dueDate" label="新的到期日" rules={[{ required: true, message: '请选择新的到期日' }]}>
    <DatePicker style={{ width: '100%' }} />
  </Form.Item>
);

/** /userMgt/appletsUserMgt 门店员工: staff with statistics, due dates one by one or in a batch, and 解绑微信. */
export default function AppletsUserMgtPage() {
  const { message } = App.useApp();
  const { open: openSingle, element: singleDialog } = useActionDialog<StaffAppletUser, { dueDate: Dayjs }>({
    title: () => '修改到期日',
    summary: ([staff]) =>
      staff && (
        <>
          员工「{staff.nickname}」（{staff.phone}，{staff.storeName}）当前到期日 <ExpiryDate value={staff.dueDate} />
        </>
      ),
    initialValues: ([staff]) => ({ dueDate: staff ? dayjs(staff.dueDate) : undefined }),
    form: dueDateItem,
    okText: '保存',
    submit: async ([staff], values) => {
      if (!staff) return;
      const dueDate = values.dueDate.format('YYYY-MM-DD');
      await api(staffAppletEndpoints.updateDueDate, { body: { id: staff.id, dueDate, version: staff.version } });
      void message.success(`已将「${staff.nickname}」的到期日改为 ${dueDate}`);
    },
  });
  const { open: openBatch, element: batchDialog } = useActionDialog<StaffAppletUser, { dueDate: Dayjs }>({
    title: (rows) => `批量修改到期日（${rows.length} 人）`,
    summary: (rows) => (
      <>
        将把已选的 <b data-testid="batch-count">{rows.length}</b> 名员工的到期日统一改为所选日期。
        任一员工已被他人修改或删除时，全部不做修改。
      </>
    ),
    form: dueDateItem,
    okText: '全部修改',
    submit: async (rows, values) => {
      const dueDate = values.dueDate.format('YYYY-MM-DD');
      const items = rows.map((row) => ({ id: row.id, dueDate, version: row.version }));
      const { updated } = await api(staffAppletEndpoints.batchUpdateDueDate, { body: { items } });
      void message.success(`已修改 ${updated} 名员工的到期日为 ${dueDate}`);
    },
  });

  const web = useMemo(() => {
    const rowActions: RowAction<StaffAppletUser>[] = [
      { key: 'dueDate', label: '修改到期日', permission: updateCode, run: (staff) => openSingle([staff]) },
      {
        key: 'unbind',
        label: '解绑微信',
        permission: permissionOf(staffAppletEndpoints.clearOpenId.access) ?? updateCode,
        danger: true,
        visible: (staff) => !!staff.openId,
        confirm: (staff) => `确定解绑员工「${staff.nickname}」的微信吗？解绑后需重新用微信登录小程序。`,
        run: (staff) =>
          api(staffAppletEndpoints.clearOpenId, { query: { id: staff.id } }).then(() => {
            void message.success(`已解绑「${staff.nickname}」的微信`);
          }),
      },
    ];
    const batchActions: BatchAction<StaffAppletUser>[] = [
      {
        key: 'dueDate',
        label: '批量修改到期日',
        permission: permissionOf(staffAppletEndpoints.batchUpdateDueDate.access) ?? updateCode,
        run: (rows) => {
          if (rows.length <= DUE_DATE_BATCH_MAX) return openBatch(rows);
          void message.warning(`一次最多修改 ${DUE_DATE_BATCH_MAX} 名员工，请少选一些`);
          return Promise.reject(new DialogCancelled());
        },
      },
    ];
    return { ...staffAppletUserWeb, rowActions, batchActions };
  }, [openSingle, openBatch, message]);

  return (
    <>
      <ResourceListPage web={web} stats={stats} />
      {singleDialog}
      {batchDialog}
    </>
  );
}
