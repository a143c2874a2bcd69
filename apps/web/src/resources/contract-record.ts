import { contractResource, enterpriseResource } from '@console/contract';
import { referenceTo } from '../components/resource/reference-select';
import { atMount, defineMountedWebResource } from '../components/resource/screen-mount';

/** 合同记录 (/agentContractRecords/contractRecords, and 直营 /saasDirectStore/contractRecords). */
export const contractRecordWeb = defineMountedWebResource(contractResource, (mount) => ({
  fields: {
    contractNo: { label: '合同编号', width: 170, placeholder: '如 HT2026-001' },
    title: { label: '合同名称', width: 220 },
    partyType: { label: '签约类型', width: 130, tagColors: { 1: 'blue', 2: 'purple' } },
    enterpriseId: {
      label: '签约企业',
      help: '与企业签订的合同必填',
      reference: referenceTo(atMount(enterpriseResource, mount), { label: 'name', search: 'keyword' }),
    },
    enterpriseName: { label: '签约企业', width: 180 },
    amount: { label: '合同金额（元）', width: 130 },
    signedDate: { label: '签订日期', width: 120 },
    startDate: { label: '开始日期', width: 120 },
    endDate: { label: '结束日期', width: 120, kind: 'expiry' },
    status: { label: '状态', width: 90, tagColors: { 0: 'default', 1: 'green', 2: 'red', 3: 'default' } },
    // The signed contract's scan or PDF, uploaded through the file storage; the row keeps its URL.
    attachmentUrl: { label: '合同附件', kind: 'file', upload: { purpose: 'contractAttachment', keep: 'url' } },
    remark: { label: '备注' },
    createdAt: { width: 170 },
  },
  columns: ['contractNo', 'title', 'partyType', 'enterpriseName', 'amount', 'signedDate', 'endDate', 'status'],
  search: ['keyword', 'partyType', 'status', 'enterpriseId', 'signedDate'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '合同编号或名称' },
    enterpriseId: { label: '签约企业', placeholder: '全部企业' },
    signedDate: { label: '签订日期' },
  },
  detail: [
    'contractNo',
    'title',
    'partyType',
    'enterpriseName',
    'amount',
    'signedDate',
    'startDate',
    'endDate',
    'status',
    'attachmentUrl',
    'remark',
    'createdAt',
    'updatedAt',
  ],
  rowTitle: (row) => row.title,
}));
