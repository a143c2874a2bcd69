import { type Agent, agentEndpoints, permissionOf } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ReasonDialog } from '../../components/resource/reason-dialog';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { agentApplicationWeb } from '../../resources/agent-application';
import { useApproveAgentDialog } from './approve-agent-dialog';

const examineCode = permissionOf(agentEndpoints.examine.access) ?? 'agent.examine';
const PENDING = 0;

/** /storeApplication/agentExamine 服务商审核: applications from the public /register page. */
export default function AgentExaminePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const approve = useApproveAgentDialog();
  const openApprove = approve.open;
  const [rejecting, setRejecting] = useState<Agent | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: resourceQueryKey(agentApplicationWeb.resource.name) });

  const web = useMemo(() => {
    // Opening a dialog changes nothing; each dialog confirms its own decision.
    const actions: RowAction<Agent>[] = [
      {
        key: 'approve',
        label: '通过',
        hotkey: 'a',
        permission: examineCode,
        visible: (agent) => agent.status === PENDING,
        run: openApprove,
      },
      {
        key: 'reject',
        label: '驳回',
        hotkey: 'r',
        permission: examineCode,
        danger: true,
        visible: (agent) => agent.status === PENDING,
        run: (agent) => Promise.resolve(setRejecting(agent)),
      },
    ];
    return { ...agentApplicationWeb, rowActions: actions };
  }, [openApprove]);

  return (
    <>
      <ResourceListPage web={web} />
      {approve.element}
      {rejecting && (
        <ReasonDialog
          key={rejecting.id}
          title={`驳回入驻申请：${rejecting.name}`}
          description={`驳回原因会以短信告知申请人（${rejecting.contactPhone}），申请保留在本列表中。`}
          onSubmit={(reason) =>
            api(agentEndpoints.examine, {
              body: { id: rejecting.id, version: rejecting.version, approve: false, reason },
            }).then(() => {
              void message.success(`已驳回「${rejecting.name}」的入驻申请`);
              return refresh();
            })
          }
          onClose={() => setRejecting(null)}
        />
      )}
    </>
  );
}
