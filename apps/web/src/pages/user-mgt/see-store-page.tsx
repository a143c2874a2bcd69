import { ResourceListPage } from '../../components/resource/resource-list-page';
import { storeWeb } from '../../resources/store';
import { StoreCounts } from './store-counts';

const web = { ...storeWeb, detailExtra: StoreCounts };

/** /userMgt/seeStore 门店查看: the stores of every provider; the detail counts its devices and people. */
export default function SeeStorePage() {
  return <ResourceListPage web={web} />;
}
