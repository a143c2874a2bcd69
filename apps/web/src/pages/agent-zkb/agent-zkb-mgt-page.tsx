import { gatewayEndpoints } from '@console/contract';
import { agentGatewayWeb } from '../../resources/gateway-device';
import { GatewayList } from '../gateways/gateway-list';

/** /agentZKB/agentZKBMgt 网关设备: the provider's own gateways, live, with restart and unbind where granted. */
export default function AgentZkbMgtPage() {
  return <GatewayList web={agentGatewayWeb} unbind={gatewayEndpoints.agentUnbind} canBan={false} />;
}
