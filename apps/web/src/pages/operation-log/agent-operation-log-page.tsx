import { operationLogEndpoints } from '@console/contract';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { agentOperationLogWeb } from '../../resources/operation-log';
import { LazyOperationLogDetail } from './lazy-operation-log-detail';

function AgentLogDetail({ record }: { record: { id: string; path: string } }) {
  return <LazyOperationLogDetail record={record} endpoint={operationLogEndpoints.agentGet} />;
}

const web = { ...agentOperationLogWeb, detailExtra: AgentLogDetail };

/** /agentLog/agentOperationLog 操作日志: the provider's own operators' writes, with each one's field changes. */
export default function AgentOperationLogPage() {
  return <ResourceListPage web={web} />;
}
