import { ResourceListPage } from '../../components/resource/resource-list-page';
import { shipToAddressWeb } from '../../resources/order-registers';

/** /orderManagement/shipToAddress 收货地址. */
export default function ShipToAddressPage() {
  return <ResourceListPage web={shipToAddressWeb} />;
}
