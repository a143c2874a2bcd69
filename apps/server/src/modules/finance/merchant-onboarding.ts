import { sweepMerchantResource, wsMerchantResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { MerchantUpdate, PaymentsAdapter } from '../../adapters/payments/index.js';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';

const RETRY_SECONDS = 5;
const MAX_ATTEMPTS = 5;
const MERCHANT_SUBMIT_JOB = 'merchant-submit';
interface MerchantSubmitData {
  id: number;
}

/** Application states (the contract's merchantStatus). */
export const MERCHANT = { submitted: 0, approved: 1, rejected: 2, reviewing: 3, active: 4 } as const;

/**
 * Each provider step moves an application only from the states it may follow, so a late or
 * repeated notification (or one for an application resubmitted since) changes nothing.
 */
const transitions: Record<MerchantUpdate['step'], { from: number[]; to: number }> = {
  reviewing: { from: [MERCHANT.submitted], to: MERCHANT.reviewing },
  approved: { from: [MERCHANT.submitted, MERCHANT.reviewing], to: MERCHANT.approved },
  rejected: { from: [MERCHANT.submitted, MERCHANT.reviewing], to: MERCHANT.rejected },
  activated: { from: [MERCHANT.approved], to: MERCHANT.active },
};

function changesOf(update: MerchantUpdate) {
  switch (update.step) {
    case 'reviewing':
      return {};
    case 'approved':
      return { merchantNo: update.merchantNo, rejectReason: '', reviewedAt: update.at };
    case 'rejected':
      return { merchantNo: '', rejectReason: update.reason, reviewedAt: update.at };
    case 'activated':
      return { activatedAt: update.at };
  }
}

/**
 * Sends submitted applications to the provider after they are committed, retrying while the
 * provider is unavailable, and records each later step when it arrives. A create or a resubmit
 * therefore never fails because the provider is slow; the row shows 已提交 until it answers.
 */
export class Onboarding {
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly adapter: PaymentsAdapter,
  ) {}

  private get db(): Kysely<Database> {
    return this.app.db;
  }

  /**
   * Queues the application's submission as a job (`merchant-submit`): the engine retries it while
   * the provider is unavailable, and on PostgreSQL another process takes it if this one dies.
   * Only an unsent application is queued, once per version of it: processes starting together
   * (each resuming the unsent ones) queue one job, and a resubmit (a new version) a new one.
   */
  submit(id: number): void {
    if (this.closed) return;
    this.queue(id).catch((err: unknown) =>
      this.app.log.error({ err, merchantId: id }, 'payment merchant submission not queued'),
    );
  }

  private async queue(id: number): Promise<void> {
    const row = await this.unsent().where('id', '=', id).select('version').executeTakeFirst();
    if (!row || this.closed) return;
    await this.app.jobs.enqueue<MerchantSubmitData>(
      MERCHANT_SUBMIT_JOB,
      { id },
      { singletonKey: `${id}:${row.version}` },
    );
  }

  private unsent() {
    return this.db.selectFrom('paymentMerchant').where('status', '=', MERCHANT.submitted).where('applyNo', '=', '');
  }

  /** Declares the submission queue (while the app registers). */
  declareJobs(): void {
    this.app.jobs.work<MerchantSubmitData>(MERCHANT_SUBMIT_JOB, (run) => this.trySubmit(run.data.id), {
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelaySeconds: RETRY_SECONDS,
    });
  }

  /** One attempt; a provider failure is thrown, so the job engine runs it again later. */
  private async trySubmit(id: number): Promise<void> {
    const row = await this.db
      .selectFrom('paymentMerchant')
      .where('id', '=', id)
      .where('status', '=', MERCHANT.submitted)
      .where('applyNo', '=', '')
      .selectAll()
      .executeTakeFirst();
    // Sent already (a second job for the same application), or changed since it was queued.
    if (!row || this.closed) return;
    const { applyNo } = await this.adapter.submitMerchant({ ...row, provider: row.provider === 2 ? 2 : 1 });
    if (this.closed) return;
    await this.db
      .updateTable('paymentMerchant')
      .set((eb) => ({ applyNo, version: eb('version', '+', 1), updatedAt: nowIso() }))
      .where('id', '=', id)
      .where('status', '=', MERCHANT.submitted)
      .execute();
    this.announce(row.provider, row.agentId, id);
  }

  async record(update: MerchantUpdate): Promise<void> {
    if (this.closed) return;
    const { from, to } = transitions[update.step];
    const row = await this.db
      .selectFrom('paymentMerchant')
      .where('applyNo', '=', update.applyNo)
      .where('status', 'in', from)
      .select(['id', 'agentId', 'provider'])
      .executeTakeFirst();
    if (!row) return;
    await this.db
      .updateTable('paymentMerchant')
      .set((eb) => ({ ...changesOf(update), status: to, version: eb('version', '+', 1), updatedAt: nowIso() }))
      .where('id', '=', row.id)
      .where('status', 'in', from)
      .execute();
    this.announce(row.provider, row.agentId, row.id);
  }

  /** Applications left unsent by a previous run (or seeded) go out at start. */
  async resume(): Promise<void> {
    const rows = await this.unsent().select('id').limit(200).execute();
    for (const r of rows) this.submit(r.id);
  }

  private announce(provider: number, agentId: number, id: number): void {
    const resource = provider === 2 ? wsMerchantResource : sweepMerchantResource;
    this.app.events.emit('resourceChanged', { resource: resource.name, agentId, ids: [String(id)], action: 'update' });
  }

  close(): void {
    this.closed = true;
  }
}
