import { ResourceListPage } from '../../components/resource/resource-list-page';
import { ipRestrictionWeb } from '../../resources/ip-restriction';

/** /userMgt/IPRestrictions IP 限制: the allow and deny lists the sign-in endpoint enforces. */
export default function IpRestrictionsPage() {
  return <ResourceListPage web={ipRestrictionWeb} />;
}
