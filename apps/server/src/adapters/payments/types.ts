import type { BillStatement } from './bills.js';
import { UpstreamUnavailableError } from '../../lib/upstream-errors.js';
/**
 * The payment providers' merchant onboarding (扫码支付 sweep = 1, 微信服务商 ws = 2). An application
 * is accepted at once and moves on later, minutes to days for real providers: taken up for review,
 * approved with a merchant number or rejected with a reason, and once approved, activated (able
 * to take payments). Each step comes back through `onUpdate`, as the providers' notifications do.
 */
export interface MerchantApplication {
  provider: 1 | 2;
  merchantName: string;
  shortName: string;
  licenseNo: string;
  legalPerson: string;
  contactPhone: string;
  settleBank: string;
  settleAccount: string;
}

export type MerchantUpdate =
  | { applyNo: string; step: 'reviewing'; at: string }
  | { applyNo: string; step: 'approved'; merchantNo: string; at: string }
  | { applyNo: string; step: 'rejected'; reason: string; at: string }
  | { applyNo: string; step: 'activated'; at: string };

export interface PaymentsAdapter {
  /** Hands an application to the provider; answers the provider's application number. */
  submitMerchant(application: MerchantApplication): Promise<{ applyNo: string }>;
  /** Registers the listener for an application's later steps; returns the unsubscribe function. */
  onUpdate(listener: (update: MerchantUpdate) => void | Promise<void>): () => void;
  /** The provider's statement of one day (YYYY-MM-DD); throws PaymentsUnavailableError when it times out. */
  dailyStatement(day: string): Promise<BillStatement[]>;
  /** Stops pending work (server shutdown). */
  close(): void;
}

export type { BillStatement } from './bills.js';

/** The provider did not answer in time: the operator may retry. */
export class PaymentsUnavailableError extends UpstreamUnavailableError {
  constructor() {
    super('支付服务商暂时无法受理，请稍后重试');
  }
}
