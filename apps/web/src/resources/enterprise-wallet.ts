import { enterpriseWalletResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { enterpriseSource, providerSource } from '../components/resource/reference-sources';

/**
 * 企业钱包 (/payManger/enterpriseWallet): each enterprise's prepaid balance. Opening a wallet picks
 * the enterprise (it opens empty); editing only freezes or unfreezes it. The balance moves only
 * through 调整余额, which the page adds with its ledger.
 */
export const enterpriseWalletWeb = defineWebResource(enterpriseWalletResource, {
  fields: {
    agentId: { label: '服务商', reference: providerSource },
    agentName: { label: '服务商', width: 180 },
    enterpriseId: { label: '企业', reference: enterpriseSource },
    enterpriseName: { label: '企业', width: 220 },
    balance: { label: '余额', width: 140 },
    status: { label: '状态', width: 80, tagColors: { 0: 'red', 1: 'green' }, help: '冻结后不能扣款，充值仍可到账' },
    createdAt: { label: '开通时间', width: 170 },
    updatedAt: { label: '最近变动', width: 170 },
  },
  columns: ['enterpriseName', 'agentName', 'balance', 'status', 'updatedAt'],
  search: ['agentId', 'enterpriseId', 'status'],
  filterLabels: {
    agentId: { label: '服务商', placeholder: '全部服务商' },
    enterpriseId: { label: '企业', placeholder: '全部企业' },
  },
  form: ['agentId', 'enterpriseId', 'status'],
  detail: ['enterpriseName', 'agentName', 'balance', 'status', 'createdAt', 'updatedAt'],
  rowTitle: (row) => row.enterpriseName ?? `钱包 ${row.id}`,
});
