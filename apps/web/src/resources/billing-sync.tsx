import { type BillingSyncJob, billingRecordResource, billingSyncResource } from '@console/contract';
import { Progress } from 'antd';
import { defineWebResource } from '../components/resource/define-web-resource';
import { providerSource } from '../components/resource/reference-sources';

const RUNNING = 1;
const FAILED = 3;

/** A job's progress, from the days it has written (stored, so a reload shows the same). */
export function JobProgress({ job }: { job: BillingSyncJob }) {
  const percent = job.totalDays === 0 ? 0 : Math.floor((job.doneDays / job.totalDays) * 100);
  const status =
    job.status === FAILED ? 'exception' : job.status === RUNNING ? 'active' : percent === 100 ? 'success' : 'normal';
  return (
    <Progress
      percent={percent}
      status={status}
      size="small"
      format={() => `${job.doneDays}/${job.totalDays} 天`}
      aria-label={`同步进度 ${percent}%`}
    />
  );
}

const count = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('zh-CN') : '-');

/** 同步账单 (/systemConfig/synchronizeBilling): the job history; starting a job is the page's. */
export const billingSyncWeb = defineWebResource(billingSyncResource, {
  fields: {
    rangeStart: { width: 110 },
    rangeEnd: { width: 110 },
    status: { width: 90, tagColors: { 0: 'default', 1: 'blue', 2: 'green', 3: 'red' } },
    doneDays: { label: '进度', width: 180, render: (_value, row) => <JobProgress job={row} /> },
    createdCount: { width: 80, render: count },
    updatedCount: { width: 80, render: count },
    unchangedCount: { width: 80, render: count },
    failedCount: { width: 80, render: count },
    operatorName: { width: 100 },
    createdAt: { label: '发起时间', width: 170 },
    startedAt: { width: 170 },
    finishedAt: { width: 170 },
    error: { width: 200 },
  },
  columns: [
    'rangeStart',
    'rangeEnd',
    'status',
    'doneDays',
    'createdCount',
    'updatedCount',
    'unchangedCount',
    'failedCount',
    'operatorName',
    'createdAt',
    'finishedAt',
  ],
  search: ['status'],
  detail: [
    'rangeStart',
    'rangeEnd',
    'status',
    'doneDays',
    'createdCount',
    'updatedCount',
    'unchangedCount',
    'failedCount',
    'error',
    'operatorName',
    'createdAt',
    'startedAt',
    'finishedAt',
  ],
  rowTitle: (row) => `${row.rangeStart} 至 ${row.rangeEnd} 的账单同步`,
});

/** 账单记录: the billing records the syncs wrote (read-only), on the same screen as the jobs. */
export const billingRecordWeb = defineWebResource(billingRecordResource, {
  // Widths fit a 1440 px screen beside the menu without scrolling; 最近同步 is in the detail.
  fields: {
    billNo: { width: 190 },
    agentNo: { width: 100 },
    agentId: { label: '服务商', reference: providerSource },
    // The statement's provider number names no provider of this installation.
    agentName: { width: 160, render: (value) => (typeof value === 'string' ? value : '未匹配') },
    payChannel: { width: 90 },
    amount: { width: 100 },
    fee: { width: 90 },
    status: { width: 80, tagColors: { 1: 'green', 2: 'red' } },
    paidAt: { width: 170 },
    updatedAt: { label: '最近同步' },
  },
  columns: ['billNo', 'agentName', 'agentNo', 'payChannel', 'amount', 'fee', 'status', 'paidAt'],
  search: ['keyword', 'paidAt', 'agentId', 'payChannel', 'status'],
  filterLabels: {
    keyword: { label: '账单号', placeholder: '输入账单号' },
    agentId: { label: '服务商', placeholder: '全部服务商' },
    paidAt: { label: '支付时间' },
  },
  detail: [
    'billNo',
    'agentName',
    'agentNo',
    'payChannel',
    'amount',
    'fee',
    'status',
    'paidAt',
    'createdAt',
    'updatedAt',
  ],
  rowTitle: (row) => row.billNo,
});
