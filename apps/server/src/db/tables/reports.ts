import type { Generated } from 'kysely';

/** Payments summed per China-time day × provider × source × product (issue 18): what reports read. */
export interface PaymentRollupTable {
  /** YYYY-MM-DD, China time. */
  day: string;
  agentId: number;
  /** 1 store payment, 2 provider payment, 3 hardware order. */
  source: number;
  /** The payment's item (sources 1, 2) or the hardware product id (source 3). */
  product: number;
  amount: number;
  paidCount: number;
  quantity: number;
  refundAmount: number;
  refundCount: number;
}

/** The figures every rollup table sums. */
interface RollupFigures {
  amount: number;
  paidCount: number;
  quantity: number;
  refundAmount: number;
  refundCount: number;
}

/** The daily rollup summed per month (YYYY-MM): what whole months of a report read. */
export interface PaymentRollupMonthTable extends RollupFigures {
  month: string;
  agentId: number;
  source: number;
  product: number;
}

/** Provider totals per day and per month (no product): 服务商数据统计 and 佣金监控. */
export interface PaymentRollupProviderDayTable extends RollupFigures {
  day: string;
  agentId: number;
  source: number;
}
export interface PaymentRollupProviderMonthTable extends RollupFigures {
  month: string;
  agentId: number;
  source: number;
}
/** Provider totals per year (0191): 服务商数据统计's whole years. */
export interface PaymentRollupProviderYearTable extends RollupFigures {
  year: string;
  agentId: number;
  source: number;
}

/** Platform totals per day and per month (no provider): 月度数据统计 and 经营统计. */
export interface PaymentRollupPlatformDayTable extends RollupFigures {
  day: string;
  source: number;
  product: number;
}
export interface PaymentRollupPlatformMonthTable extends RollupFigures {
  month: string;
  source: number;
  product: number;
}

/** A provider's commission rate from a day on (basis points of its stores' payments). */
export interface AgentCommissionRateTable {
  id: Generated<number>;
  agentId: number;
  rateBp: number;
  effectiveFrom: string;
  createdAt: string;
}

/** A provider's month on 佣金监控 marked as checked, with the operator's note. */
export interface CommissionCheckTable {
  id: Generated<number>;
  agentId: number;
  month: string;
  note: string;
  checkedBy: string;
  checkedAt: string;
}

/** 佣金监控's provider-month, kept by modules/reports/commission-months.ts (0215). */
export interface CommissionMonthTable {
  agentId: number;
  month: string;
  /** The stores' payments that month, net of refunds. */
  base: number;
  commission: number;
  /** The rate in force at the month's end, basis points. */
  rateBp: number;
  /** The average commission of the six months before (those with payments); null under two. */
  usual: number | null;
  /** Anomaly bits: 1 negative, 2 spike, 4 rate changed mid-month. */
  flags: number;
  checked: number;
  /** 0 open anomaly, 1 checked anomaly, 2 none: the 异常优先 order. */
  rank: number;
}

export interface ReportTables {
  paymentRollup: PaymentRollupTable;
  paymentRollupMonth: PaymentRollupMonthTable;
  paymentRollupProviderDay: PaymentRollupProviderDayTable;
  paymentRollupProviderMonth: PaymentRollupProviderMonthTable;
  paymentRollupProviderYear: PaymentRollupProviderYearTable;
  paymentRollupPlatformDay: PaymentRollupPlatformDayTable;
  paymentRollupPlatformMonth: PaymentRollupPlatformMonthTable;
  agentCommissionRate: AgentCommissionRateTable;
  commissionCheck: CommissionCheckTable;
  commissionMonth: CommissionMonthTable;
}
