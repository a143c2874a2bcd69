import { accountRecordResource } from '@console/contract';
import { defineMountedWebResource } from '../components/resource/screen-mount';

/** 账户流水 (/agentTransaction/agentRecord, and 直营 交易记录 /saasDirectStore/transactionRecord): read-only. */
export const accountLedgerWeb = defineMountedWebResource(accountRecordResource, () => ({
  // With 查看 the widths sum to 1010 px: at 1440 px the table (1172 px inside the console) leaves 说明
  // the rest and does not scroll under the pinned 操作 column.
  fields: {
    recordNo: { label: '流水号', width: 160 },
    direction: { label: '收支', width: 80, tagColors: { 1: 'green', 2: 'orange' } },
    kind: { label: '类型', width: 110 },
    amount: { label: '金额（元）', width: 110 },
    balanceAfter: { label: '变动后余额（元）', kind: 'money', width: 140 },
    relatedNo: { label: '关联单号', width: 160 },
    remark: { label: '说明' },
    createdAt: { label: '发生时间', width: 170 },
  },
  columns: ['createdAt', 'recordNo', 'direction', 'kind', 'amount', 'balanceAfter', 'relatedNo', 'remark'],
  search: ['keyword', 'direction', 'kind', 'createdAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '流水号或关联单号' },
    createdAt: { label: '发生时间' },
  },
  detail: ['recordNo', 'direction', 'kind', 'amount', 'balanceAfter', 'relatedNo', 'remark', 'createdAt'],
  rowTitle: (row) => row.recordNo,
}));
