import { ResourceListPage } from '../../components/resource/resource-list-page';
import { platformParamWeb } from '../../resources/platform-param';
import { SiteSettingsCard } from './site-settings-card';

/** /systemConfig/parameterMgt 参数管理: customer-service settings, then the typed platform parameters. */
export default function ParameterMgtPage() {
  return (
    <>
      <SiteSettingsCard />
      <ResourceListPage web={platformParamWeb} />
    </>
  );
}
