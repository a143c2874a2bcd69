import { gatewayEndpoints, permissionOf } from '@console/contract';
import { ResourceTabs, type ResourceTab } from '../../components/resource/resource-tabs';
import { gatewayDeviceWeb } from '../../resources/gateway-device';
import { BanListTab } from '../gateways/ban-list-tab';
import { GatewayList } from '../gateways/gateway-list';

const tabs: ResourceTab[] = [
  {
    key: 'devices',
    label: '网关设备',
    permission: permissionOf(gatewayDeviceWeb.resource.endpoints.page!.access) ?? 'gatewayDevice.page',
    render: (address) => (
      <GatewayList web={gatewayDeviceWeb} unbind={gatewayEndpoints.unbind} canBan address={address} />
    ),
  },
  {
    key: 'ban',
    label: '黑名单',
    permission: permissionOf(gatewayEndpoints.banList.access) ?? 'deviceBan.page',
    render: () => <BanListTab />,
  },
];

/** /userMgt/factorySetting 网关设备: every gateway with live status and device commands, and the 黑名单. */
export default function FactorySettingPage() {
  return <ResourceTabs tabs={tabs} />;
}
