import { type Agent, agentEndpoints, agentMenuEndpoints, permissionOf, viewAsEndpoints } from '@console/contract';
import { App, Drawer } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { AGENT_ACTIVE, AGENT_FROZEN, agentWeb } from '../../resources/agent';
import { usePermission } from '../../stores/session';
import { useViewAsDialog } from './view-as-dialog';

// The 菜单权限 drawer (the menu tree picker) loads when it is first opened; a loading drawer meanwhile.
const AgentMenuDrawer = lazy(() =>
  import('./agent-menu-drawer').then((module) => ({ default: module.AgentMenuDrawer })),
);

const freezeCode = permissionOf(agentEndpoints.freeze.access) ?? 'agent.freeze';
const menuCode = permissionOf(agentMenuEndpoints.getMenu.access) ?? 'agentMenu.get';
const viewAsCode = permissionOf(viewAsEndpoints.start.access) ?? 'agent.viewAs';
const viewAsWriteCode = permissionOf(viewAsEndpoints.startWrite.access) ?? 'agent.viewAsWrite';

/** What the operator is told before freezing: the server signs the provider's operators out at once. */
export const freezeQuestion = (agent: Agent) =>
  `确定冻结服务商「${agent.name}」吗？冻结后其全部操作员立即被强制下线，且无法再登录，直到解冻。`;
export const unfreezeQuestion = (agent: Agent) => `确定解冻服务商「${agent.name}」吗？解冻后其操作员可重新登录。`;

/** /userMgt/agentMgt 服务商管理: providers, their freeze state and their menu grants. */
export default function AgentMgtPage() {
  const { message } = App.useApp();
  const [granting, setGranting] = useState<Agent | null>(null);
  const viewAs = useViewAsDialog(usePermission(viewAsWriteCode));
  const openViewAs = viewAs.open;

  const web = useMemo(() => {
    const freeze = (agent: Agent, on: 0 | 1) =>
      api(agentEndpoints.freeze, { query: { id: agent.id, freeze: on } }).then(() => {
        void message.success(on ? `已冻结「${agent.name}」，其操作员已被强制下线` : `已解冻「${agent.name}」`);
      });
    // 菜单权限 is the daily one and stays a button; 以服务商身份查看 goes under 更多 from the third operation on.
    const actions: RowAction<Agent>[] = [
      {
        key: 'menus',
        label: '菜单权限',
        permission: menuCode,
        // Opening the drawer changes nothing; the list refresh that follows any action is harmless.
        run: (agent) => Promise.resolve(setGranting(agent)),
      },
      {
        key: 'viewAs',
        label: '以服务商身份查看',
        permission: viewAsCode,
        // A frozen or expired provider's administrator holds no menu: there would be nothing to see.
        visible: (agent) => agent.status === AGENT_ACTIVE,
        run: (agent) => openViewAs([agent]),
      },
      {
        key: 'freeze',
        label: '冻结',
        permission: freezeCode,
        danger: true,
        visible: (agent) => agent.status === AGENT_ACTIVE,
        confirm: freezeQuestion,
        run: (agent) => freeze(agent, 1),
      },
      {
        key: 'unfreeze',
        label: '解冻',
        permission: freezeCode,
        visible: (agent) => agent.status === AGENT_FROZEN,
        confirm: unfreezeQuestion,
        run: (agent) => freeze(agent, 0),
      },
    ];
    return { ...agentWeb, rowActions: [...agentWeb.rowActions, ...actions] };
  }, [message, openViewAs]);

  return (
    <>
      <ResourceListPage web={web} />
      {viewAs.element}
      {granting && (
        <Suspense
          key={granting.id}
          fallback={
            <Drawer open loading title={`菜单权限：${granting.name}`} size={640} onClose={() => setGranting(null)} />
          }
        >
          <AgentMenuDrawer agent={granting} onClose={() => setGranting(null)} />
        </Suspense>
      )}
    </>
  );
}
