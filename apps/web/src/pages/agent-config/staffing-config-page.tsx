import { type AgentStaff, agentStaffEndpoints } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { OneTimePasswordModal } from '../../components/password/one-time-password';
import { ResetPasswordDialog } from '../../components/password/reset-password-dialog';
import type { FormDrawerProps, WebResource } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { agentStaffWeb } from '../../resources/agent-staff';
import { StaffFormDrawer } from './staff-form-drawer';
import { StaffGrantDetail } from './staff-grant-detail';

const who = (row: { name: string; loginName: string }) => `${row.name}（${row.loginName}）`;

/**
 * /agentConfig/staffingConfig 实施人员: the provider administrator's operator accounts, each with a
 * grant chosen from the provider's own menu. Staff never hold this screen's codes, so it is not
 * in their menu and its address is a 404 for them.
 */
export default function StaffingConfigPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<{ name: string; loginName: string; password: string } | null>(null);
  const [resetting, setResetting] = useState<AgentStaff | null>(null);
  const refreshList = () => queryClient.invalidateQueries({ queryKey: resourceQueryKey(agentStaffWeb.resource.name) });

  const web = useMemo(() => {
    const setOpen = async (row: AgentStaff, open: 0 | 1) => {
      await api(agentStaffEndpoints.updateOpen, { query: { id: row.id, open } });
      void message.success(open ? '已启用' : '已停用，该人员已被强制下线');
    };
    const FormDrawer = (props: FormDrawerProps<AgentStaff>) => <StaffFormDrawer {...props} onCreated={setCreated} />;
    return {
      ...agentStaffWeb,
      formDrawer: FormDrawer,
      detailExtra: StaffGrantDetail,
      rowActions: [
        {
          key: 'disable',
          label: '停用',
          permission: 'agentStaff.updateOpen',
          danger: true,
          visible: (row) => row.open === 1,
          confirm: (row) => `确定停用「${who(row)}」吗？停用后其登录会话立即失效，且不能再登录。`,
          run: (row) => setOpen(row, 0),
        },
        {
          key: 'enable',
          label: '启用',
          permission: 'agentStaff.updateOpen',
          visible: (row) => row.open === 0,
          confirm: (row) => `确定启用「${who(row)}」吗？`,
          run: (row) => setOpen(row, 1),
        },
        {
          key: 'resetPassword',
          label: '重置密码',
          permission: 'agentStaff.resetPassword',
          // The dialog is the confirmation: it says what happens and asks for the new password.
          run: (row) => {
            setResetting(row);
            return Promise.resolve();
          },
        },
      ],
    } satisfies WebResource<typeof agentStaffWeb.resource>;
  }, [message]);

  return (
    <>
      <ResourceListPage web={web} />
      {created && (
        <OneTimePasswordModal
          title="实施人员已创建"
          who={who(created)}
          password={created.password}
          onClose={() => setCreated(null)}
        />
      )}
      {resetting && (
        <ResetPasswordDialog
          who={who(resetting)}
          reset={(body) => api(agentStaffEndpoints.resetPassword, { query: { id: resetting.id }, body })}
          onClose={() => {
            setResetting(null);
            // The row now reads 初始密码 待修改.
            void refreshList();
          }}
        />
      )}
    </>
  );
}
