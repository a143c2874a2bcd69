import { ResourceListPage } from '../../components/resource/resource-list-page';
import { useMountedWeb } from '../../components/resource/screen-mount';
import { parameterWebs } from '../../resources/parameter';

/**
 * /agentParameterMgt/agentParameter 参数设置: the provider's own parameters, scoped to it by the
 * server; the same screen is 直营's 参数管理 (/saasDirectStore/agentParameter).
 */
export default function AgentParameterPage() {
  return <ResourceListPage web={useMountedWeb(parameterWebs)} />;
}
