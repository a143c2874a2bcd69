import { ResourceListPage } from '../../components/resource/resource-list-page';
import { macAddressWeb } from '../../resources/order-registers';

/** /orderManagement/MACAddress MAC 地址. */
export default function MacAddressPage() {
  return <ResourceListPage web={macAddressWeb} />;
}
