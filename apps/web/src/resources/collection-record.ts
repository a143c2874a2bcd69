import { collectionResource, contractResource, enterpriseResource } from '@console/contract';
import { referenceTo } from '../components/resource/reference-select';
import { atMount, defineMountedWebResource } from '../components/resource/screen-mount';

/** 收款记录 (/agentCollection/collectionRecord, and 直营 /saasDirectStore/collectionRecord). */
export const collectionRecordWeb = defineMountedWebResource(collectionResource, (mount) => ({
  fields: {
    collectionNo: { label: '收款单号', width: 170, placeholder: '如 SK2026-001' },
    contractId: {
      label: '关联合同',
      reference: referenceTo(atMount(contractResource, mount), { label: 'title', search: 'keyword' }),
    },
    contractNo: { label: '合同编号', width: 160 },
    enterpriseId: {
      label: '付款企业',
      reference: referenceTo(atMount(enterpriseResource, mount), { label: 'name', search: 'keyword' }),
    },
    enterpriseName: { label: '付款企业', width: 180 },
    payer: { label: '付款方', width: 180, placeholder: '付款单位或个人' },
    amount: { label: '收款金额（元）', width: 130 },
    method: { label: '收款方式', width: 100 },
    collectedAt: { label: '收款时间', width: 170 },
    status: { label: '状态', width: 90, tagColors: { 0: 'orange', 1: 'green', 2: 'default' } },
    remark: { label: '备注' },
  },
  columns: ['collectionNo', 'payer', 'contractNo', 'amount', 'method', 'collectedAt', 'status'],
  search: ['keyword', 'method', 'status', 'contractId', 'collectedAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '收款单号或付款方' },
    contractId: { label: '关联合同', placeholder: '全部合同' },
    collectedAt: { label: '收款时间' },
  },
  detail: [
    'collectionNo',
    'payer',
    'enterpriseName',
    'contractNo',
    'amount',
    'method',
    'collectedAt',
    'status',
    'remark',
    'createdAt',
    'updatedAt',
  ],
  rowTitle: (row) => `${row.collectionNo}（${row.payer}）`,
}));
