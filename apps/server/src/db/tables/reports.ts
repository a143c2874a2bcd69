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

export interface ReportTables {
  paymentRollup: PaymentRollupTable;
  agentCommissionRate: AgentCommissionRateTable;
  commissionCheck: CommissionCheckTable;
}
