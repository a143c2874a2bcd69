import { ResourceListPage } from '../../components/resource/resource-list-page';
import { parameterWeb } from '../../resources/parameter';

/** /agentParameterMgt/agentParameter 参数设置: the provider's own parameters, scoped to it by the server. */
export default function AgentParameterPage() {
  return <ResourceListPage web={parameterWeb} />;
}
