import { ResourceListPage } from '../../components/resource/resource-list-page';
import { enterpriseWeb } from '../../resources/enterprise';
import { EnterpriseStores } from './enterprise-stores';

const web = { ...enterpriseWeb, detailExtra: EnterpriseStores };

/** /userMgt/seeBusiness 企业查看: the enterprises of every provider; the detail lists each one's stores. */
export default function SeeBusinessPage() {
  return <ResourceListPage web={web} />;
}
