import { type OnlineSession, type SaasAdmin, saasAdminEndpoints, sessionEndpoints } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { ResetPasswordDialog } from '../../components/password/reset-password-dialog';
import type { WebResource } from '../../components/resource/define-web-resource';
import type { ListAddress } from '../../components/resource/list-address';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { type ResourceTab, ResourceTabs } from '../../components/resource/resource-tabs';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { onlineSessionWeb } from '../../resources/online-session';
import { saasAdminWeb } from '../../resources/saas-admin';
import { saasRoleWeb } from '../../resources/saas-role';
import { AdminFormDrawer } from './admin-form-drawer';
import { RoleFormDrawer } from './role-form-drawer';

const who = (row: { name: string; loginName: string }) => `${row.name}（${row.loginName}）`;

function AdminsTab({ address }: { address: ListAddress }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState<SaasAdmin | null>(null);
  const web = useMemo(() => {
    const setOpen = async (row: SaasAdmin, open: 0 | 1) => {
      await api(saasAdminEndpoints.updateOpen, { query: { id: row.id, open } });
      void message.success(open ? '已启用' : '已停用，该账号已被强制下线');
    };
    return {
      ...saasAdminWeb,
      formDrawer: AdminFormDrawer,
      rowActions: [
        {
          key: 'disable',
          label: '停用',
          permission: 'saasAdmin.updateOpen',
          danger: true,
          visible: (row) => row.open === 1,
          confirm: (row) => `确定停用账号「${who(row)}」吗？停用后其登录会话立即失效，且不能再登录。`,
          run: (row) => setOpen(row, 0),
        },
        {
          key: 'enable',
          label: '启用',
          permission: 'saasAdmin.updateOpen',
          visible: (row) => row.open === 0,
          confirm: (row) => `确定启用账号「${who(row)}」吗？`,
          run: (row) => setOpen(row, 1),
        },
        {
          key: 'resetSecondFactor',
          label: '重置两步验证',
          permission: 'saasAdmin.resetSecondFactor',
          danger: true,
          confirm: (row) =>
            `确定重置「${who(row)}」的两步验证吗？其验证器和恢复码立即失效，下次登录需重新绑定（角色要求时）。`,
          run: async (row) => {
            await api(saasAdminEndpoints.resetSecondFactor, { query: { id: row.id }, body: {} });
            void message.success('两步验证已重置');
          },
        },
        {
          key: 'resetPassword',
          label: '重置密码',
          permission: 'saasAdmin.resetPassword',
          // The dialog is the confirmation: it says what happens and asks for the new password.
          run: (row) => {
            setResetting(row);
            return Promise.resolve();
          },
        },
      ],
    } satisfies WebResource<typeof saasAdminWeb.resource>;
  }, [message]);
  return (
    <>
      <ResourceListPage web={web} address={address} />
      {resetting && (
        <ResetPasswordDialog
          who={who(resetting)}
          reset={(body) => api(saasAdminEndpoints.resetPassword, { query: { id: resetting.id }, body })}
          onClose={() => {
            setResetting(null);
            // The row now reads 初始密码 待修改.
            void queryClient.invalidateQueries({ queryKey: resourceQueryKey(saasAdminWeb.resource.name) });
          }}
        />
      )}
    </>
  );
}

function SessionsTab({ address }: { address: ListAddress }) {
  const { message } = App.useApp();
  const web = useMemo(
    () =>
      ({
        ...onlineSessionWeb,
        rowActions: [
          {
            key: 'forceLogout',
            label: '强制下线',
            permission: 'session.forceLogout',
            danger: true,
            confirm: (row: OnlineSession) => `确定将「${who(row)}」的这个会话强制下线吗？`,
            run: async (row: OnlineSession) => {
              await api(sessionEndpoints.forceLogout, { query: { id: row.id } });
              void message.success('已强制下线');
            },
          },
        ],
      }) satisfies WebResource<typeof onlineSessionWeb.resource>,
    [message],
  );
  return <ResourceListPage web={web} address={address} />;
}

const roleWeb = { ...saasRoleWeb, formDrawer: RoleFormDrawer };

const tabs: readonly ResourceTab[] = [
  {
    key: 'accounts',
    label: '账号',
    permission: 'saasAdmin.page',
    render: (address) => <AdminsTab address={address} />,
  },
  {
    key: 'roles',
    label: '角色',
    permission: 'saasRole.page',
    render: (address) => <ResourceListPage web={roleWeb} address={address} />,
  },
  {
    key: 'sessions',
    label: '在线会话',
    permission: 'session.page',
    render: (address) => <SessionsTab address={address} />,
  },
];

/** /account/accountMgt 账号管理: platform accounts, roles with their menus, and live sessions. */
export default function AccountMgtPage() {
  return <ResourceTabs tabs={tabs} />;
}
