import { z } from 'zod';
import { id, idParam, isoDate, isoTime, pageOf } from '../common.js';
import { type EndpointDef, defineEndpoint } from '../endpoint.js';
import { exportTask } from '../export.js';

// The report screens (issue 18). Every figure is read from the payment rollups (per day ×
// provider × product), never from a scan of the payments. Amounts are fen.

/** A report's dates (China time, both inclusive); at most a little over three years. */
function rangeChecked<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((r) => r.from <= r.to, { message: '开始日期不能晚于结束日期', path: ['to'] })
    .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= 1_100 * 86_400_000, {
      message: '日期范围最多三年',
      path: ['from'],
    });
}
const rangeFields = { from: isoDate, to: isoDate };
export const reportRange = rangeChecked(z.object(rangeFields));
export type ReportRange = z.infer<typeof reportRange>;

/** The products revenue is shown by: the payment items of both payment kinds, and hardware. */
export const reportProducts = {
  web: '门店系统',
  staff: '员工小程序',
  sms: '短信套餐',
  voice: '语音码',
  hardware: '硬件',
} as const;
export type ReportProduct = keyof typeof reportProducts;

const count = z.number().int();
const money = z.number().int();
const month = z.string().regex(/^\d{4}-\d{2}$/, '月份格式为 YYYY-MM');
const byProduct = z.object({ web: money, staff: money, sms: money, voice: money, hardware: money });

const monthRow = z.object({
  month,
  newStores: count,
  renewedStores: count,
  newProviders: count,
  /** Net of refunds, per product. */
  revenue: byProduct,
  refunds: money,
  total: money,
});
export const monthDataReport = z.object({ rows: z.array(monthRow) });
export type MonthDataReport = z.infer<typeof monthDataReport>;

const agentRow = z.object({
  agentId: id,
  agentName: z.string(),
  stores: count,
  devices: count,
  revenue: money,
  previousRevenue: money,
  /** Percent against the previous period of the same length; null when that had none. */
  growth: z.number().nullable(),
});
export const agentDataReport = z.object({
  previous: z.object({ from: isoDate, to: isoDate }),
  rows: z.array(agentRow),
});
export type AgentDataReport = z.infer<typeof agentDataReport>;

export const commissionAnomaly = { negative: '佣金为负', spike: '远高于往常', rateChanged: '月中调整费率' } as const;
export type CommissionAnomaly = keyof typeof commissionAnomaly;

const commissionRow = z.object({
  agentId: id,
  agentName: z.string(),
  month,
  /** The provider's stores' payments that month, net of refunds. */
  base: money,
  /** The rate in force at the month's end, basis points. */
  rateBp: count,
  commission: money,
  /** The provider's average monthly commission over the six months before; null without history. */
  usual: money.nullable(),
  anomalies: z.array(z.enum(['negative', 'spike', 'rateChanged'])),
  checked: z.object({ note: z.string(), checkedBy: z.string(), checkedAt: isoTime }).nullable(),
});
export type CommissionRow = z.infer<typeof commissionRow>;

/** 佣金监控's orders: open anomalies first (then month, newest first), month, commission. */
export const commissionSorts = {
  anomalies: '异常优先',
  month: '月份（新到旧）',
  commission: '佣金（高到低）',
} as const;
export type CommissionSort = keyof typeof commissionSorts;

/** 佣金监控's filters; the range's whole months are the month range. Export takes the same. */
const commissionFilterFields = {
  ...rangeFields,
  agentId: id.optional(),
  onlyAnomalies: z.boolean().default(false),
  checked: z.enum(['checked', 'unchecked']).optional(),
  sort: z.enum(['anomalies', 'month', 'commission']).default('anomalies'),
};
export const commissionFilter = rangeChecked(z.object(commissionFilterFields));
export type CommissionFilter = z.infer<typeof commissionFilter>;

/** One page of the report: the whole report is ~23 000 rows at 1 000 providers, so it is paged. */
export const commissionQuery = rangeChecked(
  z.object({
    ...commissionFilterFields,
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  }),
);
export type CommissionQuery = z.infer<typeof commissionQuery>;

export const commissionReport = z.object({
  rows: z.array(commissionRow),
  /** Rows matching the filters, over all pages. */
  total: count,
  /** Rows of the provider filter (not the others) with an anomaly and no check yet. */
  openAnomalies: count,
  /** Commission of all matching providers per month of the range, for the chart. */
  byMonth: z.array(z.object({ month, commission: money })),
});
export type CommissionReport = z.infer<typeof commissionReport>;

export const businessReport = z.object({
  snapshot: z.object({
    activeStores: count,
    devicesOnline: count,
    devicesTotal: count,
    /** Normal stores whose web edition lapses within 30 days. */
    renewalsDue: count,
  }),
  rows: z.array(z.object({ month, newStores: count, renewedStores: count, revenue: money })),
});
export type BusinessReport = z.infer<typeof businessReport>;

const salesFigure = { amount: money, quantity: count };
export const salesReport = z.object({
  byMonth: z.array(z.object({ month, ...salesFigure })),
  byProduct: z.array(z.object({ productId: id, productName: z.string(), ...salesFigure })),
  byAgent: z.array(z.object({ agentId: id, agentName: z.string(), ...salesFigure })),
});
export type SalesReport = z.infer<typeof salesReport>;

/** One report screen: its figures and their export, both under the screen's permission. */
function report<R extends z.ZodType, B extends z.ZodType = typeof reportRange, E extends z.ZodType = B>(
  key: string,
  page: string,
  title: string,
  module: string,
  response: R,
  bodies?: { get: B; export: E },
) {
  const common = { method: 'POST', audience: 'platform', module } as const;
  return {
    get: defineEndpoint({
      ...common,
      path: `/report/${key}`,
      body: (bodies?.get ?? reportRange) as B,
      access: { permission: page },
      summary: title,
      write: false,
      response,
    }),
    export: defineEndpoint({
      ...common,
      path: `/report/${key}/export`,
      body: (bodies?.export ?? reportRange) as E,
      access: { permission: `${page}.export` },
      summary: `导出${title}`,
      // Creates an export task (导出中心); a background job writes the file.
      write: true,
      response: exportTask,
    }),
  } satisfies Record<string, EndpointDef>;
}

export const reportEndpoints = {
  monthData: report('monthData', 'monthDataStatistics', '月度数据统计', '报表中心', monthDataReport),
  agentData: report('agentData', 'agentDataStatistics', '服务商数据统计', '报表中心', agentDataReport),
  commission: report('commission', 'commissionMonitorMgt', '佣金监控', '数据监控', commissionReport, {
    get: commissionQuery,
    export: commissionFilter,
  }),
  business: report('business', 'businessStatistics', '经营统计', '数据监控', businessReport),
  sales: report('sales', 'salesStatistics', '销售统计', '数据监控', salesReport),
};

/** 佣金监控: mark a provider's month as checked, with the operator's note (logged). */
export const checkCommissionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/report/commission/check',
  access: { permission: 'commissionMonitorMgt.check' },
  audience: 'platform',
  summary: '佣金核对',
  module: '数据监控',
  write: true,
  body: z.object({ agentId: id, month, note: z.string().trim().min(1, '请填写核对说明').max(500, '说明最多 500 字') }),
  response: z.object({ note: z.string(), checkedBy: z.string(), checkedAt: isoTime }),
});

/** A provider as 佣金监控's 服务商 filter offers it: its number and name, nothing else. */
const commissionAgentOption = z.object({ id, name: z.string() });
const commissionModule = { audience: 'platform', module: '数据监控', write: false } as const;

/**
 * 佣金监控's 服务商 filter: the providers to choose from, under the report's own permission (the
 * provider list needs its own grant, which an operator who only monitors commission may not hold).
 * The page and get shapes of a reference select: searched by name, 20 at a time.
 */
export const commissionAgentEndpoints = {
  page: defineEndpoint({
    ...commissionModule,
    method: 'POST',
    path: '/report/commission/agents',
    access: { permission: 'commissionMonitorMgt' },
    summary: '佣金监控可选服务商',
    body: z.object({
      offset: z.number().int().min(1).max(1_000).default(1),
      size: z.number().int().min(1).max(50).default(20),
      keyword: z.string().trim().max(50).optional(),
    }),
    response: pageOf(commissionAgentOption),
  }),
  get: defineEndpoint({
    ...commissionModule,
    method: 'GET',
    path: '/report/commission/agent',
    access: { permission: 'commissionMonitorMgt' },
    summary: '佣金监控服务商名称',
    query: idParam,
    response: commissionAgentOption,
  }),
};
