import { sweepMerchantResource, wsMerchantResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type MerchantDecision, type PaymentsAdapter } from '../../adapters/payments/index.js';
import { registerResource } from '../../crud/register-resource.js';
import type { LooseSelect } from '../../crud/types.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';

const RETRY_MS = 5_000;
const MAX_ATTEMPTS = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment providers' merchant onboarding (simulator by default). */
    payments: PaymentsAdapter;
  }
}

/**
 * Sends pending applications to the provider after they are committed, retrying while the
 * provider is unavailable, and records its decisions when they arrive. A create or a resubmit
 * therefore never fails because the provider is slow; the row shows 审核中 until it answers.
 */
class Onboarding {
  private closed = false;
  private readonly inFlight = new Set<number>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly adapter: PaymentsAdapter,
  ) {}

  private get db(): Kysely<Database> {
    return this.app.db;
  }

  submit(id: number, attempt = 1): void {
    if (this.closed || this.inFlight.has(id)) return;
    this.inFlight.add(id);
    void this.trySubmit(id, attempt)
      .catch((err: unknown) => {
        if (!this.closed) this.app.log.error({ err, merchantId: id }, 'payment merchant submission failed');
      })
      .finally(() => this.inFlight.delete(id));
  }

  private async trySubmit(id: number, attempt: number): Promise<void> {
    const row = await this.db
      .selectFrom('paymentMerchant')
      .where('id', '=', id)
      .where('status', '=', 0)
      .where('applyNo', '=', '')
      .selectAll()
      .executeTakeFirst();
    if (!row || this.closed) return;
    try {
      const { applyNo } = await this.adapter.submitMerchant({ ...row, provider: row.provider === 2 ? 2 : 1 });
      if (this.closed) return;
      await this.db
        .updateTable('paymentMerchant')
        .set((eb) => ({ applyNo, version: eb('version', '+', 1), updatedAt: nowIso() }))
        .where('id', '=', id)
        .where('status', '=', 0)
        .execute();
      this.announce(row.provider, row.agentId, id);
    } catch (err) {
      if (this.closed) return;
      this.app.log.warn({ err, merchantId: id, attempt }, 'payment merchant submission failed');
      if (attempt < MAX_ATTEMPTS) setTimeout(() => this.submit(id, attempt + 1), RETRY_MS * attempt).unref();
    }
  }

  async decide(decision: MerchantDecision): Promise<void> {
    if (this.closed) return;
    const row = await this.db
      .selectFrom('paymentMerchant')
      .where('applyNo', '=', decision.applyNo)
      .where('status', '=', 0)
      .select(['id', 'agentId', 'provider'])
      .executeTakeFirst();
    if (!row) return;
    await this.db
      .updateTable('paymentMerchant')
      .set((eb) => ({
        status: decision.approved ? 1 : 2,
        merchantNo: decision.approved ? decision.merchantNo : '',
        rejectReason: decision.approved ? '' : decision.reason,
        reviewedAt: decision.at,
        version: eb('version', '+', 1),
        updatedAt: nowIso(),
      }))
      .where('id', '=', row.id)
      .where('status', '=', 0)
      .execute();
    this.announce(row.provider, row.agentId, row.id);
  }

  /** Applications left unsent by a previous run (or seeded) go out at start. */
  async resume(): Promise<void> {
    const rows = await this.db
      .selectFrom('paymentMerchant')
      .where('status', '=', 0)
      .where('applyNo', '=', '')
      .select('id')
      .limit(200)
      .execute();
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

/**
 * The two payment providers' merchant screens over one table. `provider` is fixed by the screen;
 * a pending application cannot be edited, an approved one cannot be deleted, and a rejected one
 * edited goes back to review.
 */
export function registerMerchants(
  app: FastifyInstance,
  sampleStore: (db: Kysely<Database>, agentId: number) => Promise<number>,
): void {
  const onboarding = new Onboarding(app, app.payments);
  const unsubscribe = app.payments.onDecision((d) =>
    onboarding
      .decide(d)
      .catch((err: unknown) => app.log.error({ err, applyNo: d.applyNo }, 'merchant decision not recorded')),
  );
  app.events.on('resourceChanged', (e) => {
    if (
      (e.resource === sweepMerchantResource.name || e.resource === wsMerchantResource.name) &&
      e.action !== 'delete'
    ) {
      for (const id of e.ids) onboarding.submit(Number(id));
    }
  });
  app.addHook('onReady', () => onboarding.resume());
  app.addHook('onClose', () => {
    onboarding.close();
    unsubscribe();
    app.payments.close();
  });

  for (const [resource, provider] of [
    [sweepMerchantResource, 1],
    [wsMerchantResource, 2],
  ] as const) {
    registerResource(app, resource, 'payment_merchant', {
      joins: (qb: LooseSelect) => qb.leftJoin('store as s', 's.id', 't.storeId'),
      columns: { storeName: 's.name' },
      where: (eb) => eb('t.provider', '=', provider),
      refs: { storeId: { table: 'store', tenant: true } },
      hooks: {
        beforeCreate: (values) => ({ ...values, provider, status: 0, submittedAt: nowIso() }),
        beforeUpdate: (patch, existing) => {
          if (existing.status === 0) throw new AppError('stateConflict', { message: '审核中的申请不能修改' });
          if (patch.storeId !== undefined && patch.storeId !== existing.storeId) {
            throw new AppError('stateConflict', { message: '申请提交后不能更换门店' });
          }
          // Any change to an approved or rejected application is a new application.
          return {
            ...patch,
            status: 0,
            applyNo: '',
            merchantNo: '',
            rejectReason: '',
            reviewedAt: null,
            submittedAt: nowIso(),
          };
        },
        beforeDelete: (existing) => {
          if (existing.status === 1) throw new AppError('stateConflict', { message: '已开通的商户不能删除' });
        },
      },
      sample: async ({ db, agentId }) => ({
        storeId: String(await sampleStore(db, agentId)),
        merchantName: '杭州样例休闲服务有限公司',
        shortName: '样例休闲',
        licenseNo: '91330106MA2H0XXX0X',
        legalPerson: '王五',
        contactPhone: '13700000000',
        settleBank: '招商银行杭州分行',
        settleAccount: '6214830100001234',
      }),
    });
  }
}
