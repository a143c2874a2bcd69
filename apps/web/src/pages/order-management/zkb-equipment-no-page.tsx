import { ResourceListPage } from '../../components/resource/resource-list-page';
import { zkbEquipmentNoWeb } from '../../resources/order-registers';

/** /orderManagement/zkbEquipmentNo 网关编号. */
export default function ZkbEquipmentNoPage() {
  return <ResourceListPage web={zkbEquipmentNoWeb} />;
}
