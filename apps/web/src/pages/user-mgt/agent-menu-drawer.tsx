import { type Agent, agentMenuEndpoints, permissionEndpoints, permissionOf } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Result, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { idsOfTree } from '../../components/menu-tree/menu-grants';
import { MenuTreePicker } from '../../components/menu-tree/menu-tree-picker';
import { LockableButton, useWriteLocked } from '../../components/resource/write-lock';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';
import { AGENT_ACTIVE } from '../../resources/agent';

/** The provider's grants: `getAICMenu` answers exactly the granted entries of the catalogue. */
export const agentGrantsKey = (agentId: string) => ['agentMenu', 'grants', agentId] as const;
const catalogueKey = ['agentMenu', 'catalogue'] as const;

/**
 * The call that saves a grant set, as the server expects it: `create` for a provider without
 * grants, `update` to replace them, `delete` to clear them (null: nothing to save).
 */
export function grantSaveCall(before: readonly string[], after: readonly string[]) {
  if (after.length === 0) return before.length === 0 ? null : ('delete' as const);
  return before.length === 0 ? ('create' as const) : ('update' as const);
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

interface Props {
  agent: Agent;
  onClose: () => void;
}

/** 菜单权限: the provider menu catalogue as a tree, ticked with what the provider holds. */
export function AgentMenuDrawer({ agent, onClose }: Props) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canSave = useSession((state) => state.permissions.has(permissionOf(agentMenuEndpoints.update.access) ?? ''));
  const catalogue = useQuery({
    queryKey: catalogueKey,
    queryFn: ({ signal }) => api(agentMenuEndpoints.getMenu, { signal }),
  });
  const grants = useQuery({
    queryKey: agentGrantsKey(agent.id),
    queryFn: ({ signal }) => api(permissionEndpoints.getAICMenu, { query: { aic: agent.id }, signal }),
    // Always read afresh: another admin may have changed them since.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const before = useMemo(() => (grants.data ? idsOfTree(grants.data) : null), [grants.data]);
  // Untouched, the tree shows what the provider holds; the first tick makes it the operator's own choice.
  const [edited, setEdited] = useState<string[] | null>(null);
  const value = edited ?? before;
  const [saving, setSaving] = useState(false);
  const locked = useWriteLocked();
  const call = before && value && !sameSet(before, value) ? grantSaveCall(before, value) : null;

  const save = async () => {
    if (!call || !value) return;
    setSaving(true);
    try {
      if (call === 'delete') await api(agentMenuEndpoints.delete, { query: { aic: agent.id } });
      else await api(agentMenuEndpoints[call], { body: { aic: agent.id, menuIds: value } });
      void message.success('菜单权限已保存，该服务商已登录的操作员即刻生效');
      await queryClient.invalidateQueries({ queryKey: agentGrantsKey(agent.id) });
      onClose();
    } catch {
      // The request client has shown the reason; the choice stays on screen to try again.
    } finally {
      setSaving(false);
    }
  };

  const confirmSave = () => {
    if (call !== 'delete') return void save();
    modal.confirm({
      title: `确定清空「${agent.name}」的全部菜单权限吗？`,
      content: '清空后该服务商的操作员将无法登录控制台。',
      okText: '清空',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: save,
    });
  };

  const failed = catalogue.isError || grants.isError;
  return (
    <Drawer
      open
      onClose={onClose}
      title={`菜单权限：${agent.name}`}
      size={640}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{canSave ? '取消' : '关闭'}</Button>
          {canSave && (
            <LockableButton locked={locked} type="primary" loading={saving} disabled={!call} onClick={confirmSave}>
              保存
            </LockableButton>
          )}
        </Space>
      }
    >
      {agent.status !== AGENT_ACTIVE && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="该服务商当前不是正常状态"
          description="菜单权限会保存，但其操作员在服务商恢复正常（如解冻）之前无法登录。"
        />
      )}
      {failed ? (
        <Result
          status="error"
          title="菜单权限加载失败"
          extra={
            <Button
              type="primary"
              onClick={() => {
                void catalogue.refetch();
                void grants.refetch();
              }}
            >
              重试
            </Button>
          }
        />
      ) : catalogue.data && value ? (
        <MenuTreePicker catalogue={catalogue.data} value={value} onChange={setEdited} disabled={!canSave} />
      ) : (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      )}
    </Drawer>
  );
}
