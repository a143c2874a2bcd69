import { ResourceListPage } from '../../components/resource/resource-list-page';
import { webPriceWeb } from '../../resources/product-price';

/** /systemConfig/webPrice 网页版价格: per edition and period, with provider overrides. */
export default function WebPricePage() {
  return <ResourceListPage web={webPriceWeb} />;
}
