import { ResourceListPage } from '../../components/resource/resource-list-page';
import { hardwareProductWeb } from '../../resources/order-registers';

/** /orderManagement/hardwareSetup 硬件设置. */
export default function HardwareSetupPage() {
  return <ResourceListPage web={hardwareProductWeb} />;
}
