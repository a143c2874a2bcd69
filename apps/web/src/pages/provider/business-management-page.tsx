import { type Enterprise, type ScreenMount, storeResource } from '@console/contract';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { atMount, useScreenMount } from '../../components/resource/screen-mount';
import { enterpriseManageWeb } from '../../resources/enterprise-manage';
import { EnterpriseStores } from '../user-mgt/enterprise-stores';
import { storeListPath } from './mount-paths';

const storesAt = (mount: ScreenMount) =>
  function StoresOfEnterprise({ record }: { record: Enterprise }) {
    return (
      <EnterpriseStores
        record={record}
        page={atMount(storeResource, mount).endpoints.page}
        listPath={storeListPath[mount]}
      />
    );
  };

const webs = {
  provider: { ...enterpriseManageWeb.provider, detailExtra: storesAt('provider') },
  direct: { ...enterpriseManageWeb.direct, detailExtra: storesAt('direct') },
};

/** 企业管理 (provider, and 直营): the enterprises of the signed-in provider; the detail lists their stores. */
export default function BusinessManagementPage() {
  return <ResourceListPage web={webs[useScreenMount()]} />;
}
