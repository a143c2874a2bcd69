import { ResourceListPage } from '../../components/resource/resource-list-page';
import { sweepMerchantWeb } from '../../resources/payment-merchant';
import { MerchantProgress } from './merchant-progress';

const web = { ...sweepMerchantWeb, detailExtra: MerchantProgress };

/** 扫码支付商户: /payManger/sweepShop for the platform, /agentSweep/agentSweepShop for a provider (scoped by the server). */
export default function SweepShopPage() {
  return <ResourceListPage web={web} />;
}
