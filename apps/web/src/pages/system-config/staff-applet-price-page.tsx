import { ResourceListPage } from '../../components/resource/resource-list-page';
import { staffAppletPriceWeb } from '../../resources/product-price';

/** /systemConfig/staffAppletPrice 员工小程序价格: the same table as 网页版价格, for the staff mini-program. */
export default function StaffAppletPricePage() {
  return <ResourceListPage web={staffAppletPriceWeb} />;
}
