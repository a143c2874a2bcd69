import { ResourceListPage } from '../../components/resource/resource-list-page';
import { wsMerchantWeb } from '../../resources/payment-merchant';
import { MerchantProgress } from './merchant-progress';

const web = { ...wsMerchantWeb, detailExtra: MerchantProgress };

/** 微信服务商商户: /payManger/wsShop for the platform, /agentWs/agentWsShop for a provider (scoped by the server). */
export default function WsShopPage() {
  return <ResourceListPage web={web} />;
}
