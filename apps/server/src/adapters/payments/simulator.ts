import { seededRng } from '../devices/rng.js';
import { type BillStatement, DEFAULT_STATEMENT_AGENT_NOS, statementOf } from './bills.js';
import { isValidLicenseNo } from './license-no.js';
import {
  type MerchantApplication,
  type MerchantUpdate,
  type PaymentsAdapter,
  PaymentsUnavailableError,
} from './types.js';

export interface PaymentsSimulatorOptions {
  seed?: number;
  /** How long the provider takes to answer a submission, ms (each call picks within it). */
  answerMs?: [number, number];
  /** How long until the provider takes an accepted application up for review, ms. */
  pickupMs?: [number, number];
  /** How long the review takes, ms. */
  reviewMs?: [number, number];
  /** How long from approval until the merchant can take payments, ms. */
  activateMs?: [number, number];
  /** Share of sound applications the provider still rejects (risk control, account mismatch). */
  rejectRate?: number;
  /** Share of submissions (and statement downloads) that time out. */
  unavailableRate?: number;
  /** How long one day's statement download takes, ms. */
  statementMs?: [number, number];
  /**
   * The provider numbers the statements' lines belong to. The real payment provider knows the
   * platform's providers as its sub-merchants; the app tells the simulator theirs at start.
   */
  statementAgentNos?: readonly string[];
  sleep?: (ms: number) => Promise<void>;
}

const REASONS = [
  '结算账户户名与营业执照主体不一致',
  '法人身份信息核验未通过',
  '经营类目与营业执照经营范围不符',
  '门头照片不清晰，请重新提交',
];

/** An update before it happens: everything but its time. */
type Step = MerchantUpdate extends infer U ? (U extends MerchantUpdate ? Omit<U, 'at'> : never) : never;

/**
 * The payment providers as one simulated service: submissions answer after a short delay and
 * sometimes fail; an accepted application is taken up for review a little later, decided seconds
 * after that (approval or a reason) and, once approved, activated. A code with a wrong check
 * character is always rejected, as the real providers do. `settleAll()` runs every pending step
 * now, through to each application's last (for tests and for the demo's fast-forward).
 */
export class PaymentsSimulator implements PaymentsAdapter {
  private readonly rng: () => number;
  private readonly listeners = new Set<(u: MerchantUpdate) => void | Promise<void>>();
  private readonly pending = new Map<string, { timer: NodeJS.Timeout; run: () => Promise<void> }>();
  private serial = 0;
  private opts: Required<PaymentsSimulatorOptions>;

  constructor(options: PaymentsSimulatorOptions = {}) {
    this.opts = {
      seed: options.seed ?? 20261122,
      answerMs: options.answerMs ?? [120, 600],
      pickupMs: options.pickupMs ?? [1_000, 3_000],
      reviewMs: options.reviewMs ?? [4_000, 15_000],
      activateMs: options.activateMs ?? [3_000, 10_000],
      rejectRate: options.rejectRate ?? 0.2,
      unavailableRate: options.unavailableRate ?? 0.03,
      statementMs: options.statementMs ?? [200, 600],
      statementAgentNos: options.statementAgentNos ?? DEFAULT_STATEMENT_AGENT_NOS,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    };
    this.rng = seededRng(this.opts.seed);
  }

  /** Changes delays and failure rates of a running simulator (tests make it fast and reliable). */
  configure(options: Omit<PaymentsSimulatorOptions, 'seed'>): void {
    this.opts = { ...this.opts, ...options };
  }

  private within([lo, hi]: [number, number]): number {
    return Math.round(lo + (hi - lo) * this.rng());
  }

  async submitMerchant(application: MerchantApplication): Promise<{ applyNo: string }> {
    await this.opts.sleep(this.within(this.opts.answerMs));
    if (this.rng() < this.opts.unavailableRate) throw new PaymentsUnavailableError();
    this.serial += 1;
    const prefix = application.provider === 1 ? 'SW' : 'WS';
    const applyNo = `${prefix}${Date.now().toString(36).toUpperCase()}${String(this.serial).padStart(4, '0')}`;
    const decision = this.decide(application, applyNo);
    const activation: Step | null = decision.step === 'approved' ? { applyNo, step: 'activated' } : null;
    // Decided now (the seeded random sequence stays repeatable), announced step by step.
    this.schedule({ applyNo, step: 'reviewing' }, this.opts.pickupMs, () =>
      this.schedule(decision, this.opts.reviewMs, () => {
        if (activation) this.schedule(activation, this.opts.activateMs, () => undefined);
      }),
    );
    return { applyNo };
  }

  private schedule(step: Step, delay: [number, number], next: () => void): void {
    const run = async () => {
      this.pending.delete(step.applyNo);
      const update = { ...step, at: new Date().toISOString() };
      for (const listener of this.listeners) await listener(update);
      next();
    };
    const timer = setTimeout(() => void run(), this.within(delay));
    timer.unref();
    this.pending.set(step.applyNo, { timer, run });
  }

  private decide(application: MerchantApplication, applyNo: string): Step {
    if (!isValidLicenseNo(application.licenseNo)) {
      return { applyNo, step: 'rejected', reason: '统一社会信用代码校验失败' };
    }
    if (this.rng() < this.opts.rejectRate) {
      return { applyNo, step: 'rejected', reason: REASONS[Math.floor(this.rng() * REASONS.length)] ?? '' };
    }
    const digits = String(Math.floor(this.rng() * 1e10)).padStart(10, '0');
    return { applyNo, step: 'approved', merchantNo: `${application.provider === 1 ? '1' : '2'}688${digits}` };
  }

  onUpdate(listener: (update: MerchantUpdate) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applications with a step still to come. */
  get pendingCount(): number {
    return this.pending.size;
  }

  async settleAll(): Promise<void> {
    // Each run may schedule the application's next step; at most three steps follow a submission.
    for (let round = 0; round < 4 && this.pending.size > 0; round += 1) {
      for (const { timer, run } of [...this.pending.values()]) {
        clearTimeout(timer);
        await run();
      }
    }
  }

  async dailyStatement(day: string): Promise<BillStatement[]> {
    // A statement download is slower than an API call; a sync of a month takes seconds.
    await this.opts.sleep(this.within(this.opts.statementMs));
    if (this.rng() < this.opts.unavailableRate) throw new PaymentsUnavailableError();
    return statementOf(day, this.opts.statementAgentNos);
  }

  close(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.listeners.clear();
  }
}
