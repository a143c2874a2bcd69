import { sweepMerchantResource, wsMerchantResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { PaymentsAdapter } from '../../adapters/payments/index.js';
import { registerResource } from '../../crud/register-resource.js';
import type { ResourceSelect } from '../../crud/types.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { checkMerchantImages, sampleMerchantImages } from './merchant-documents.js';
import { MERCHANT, Onboarding } from './merchant-onboarding.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment providers' merchant onboarding (simulator by default). */
    payments: PaymentsAdapter;
  }
}

// The settlement account is stored whole (the provider needs it) and answered as its first and
// last four digits; every read (list, detail, export) goes through this one expression.
const account = sql.ref('t.settleAccount');
const maskedAccount = sql<string>`case when length(${account}) > 8 then substr(${account}, 1, 4) || ' **** **** ' || substr(${account}, length(${account}) - 3, 4) else '****' end`;

/** What a resubmission resets: the provider's earlier answer. */
const freshApplication = () => ({
  status: MERCHANT.submitted,
  applyNo: '',
  merchantNo: '',
  rejectReason: '',
  reviewedAt: null,
  activatedAt: null,
  submittedAt: nowIso(),
});

/**
 * The two payment providers' merchant screens over one table; `provider` is fixed by the screen,
 * the provider's operators see their own (tenant scope). Only a rejected application may be
 * changed, and the change is a new submission; an approved or active merchant cannot be deleted.
 */
export function registerMerchants(
  app: FastifyInstance,
  sampleStore: (db: Kysely<Database>, agentId: number) => Promise<number>,
): void {
  const onboarding = new Onboarding(app, app.payments);
  onboarding.declareJobs();
  const unsubscribe = app.payments.onUpdate((u) =>
    onboarding
      .record(u)
      .catch((err: unknown) => app.log.error({ err, applyNo: u.applyNo }, 'merchant update not recorded')),
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
      joins: (qb: ResourceSelect) =>
        qb.leftJoin('store as s', 's.id', 't.storeId').leftJoin('agent as a', 'a.id', 't.agentId'),
      columns: { agentName: 'a.name', storeName: 's.name', settleAccountMasked: maskedAccount },
      where: (eb) => eb('t.provider', '=', provider),
      refs: { storeId: { table: 'store', tenant: true } },
      hooks: {
        beforeCreate: async (values, input, ctx) => {
          await checkMerchantImages(ctx.db, values, values.agentId, true);
          return { ...values, settleAccount: input.settleAccount, provider, ...freshApplication() };
        },
        beforeUpdate: async (patch, existing, input, ctx) => {
          if (existing.status !== MERCHANT.rejected) {
            throw new AppError('stateConflict', { message: '只有已驳回的申请可以修改后重新提交' });
          }
          if (patch.storeId !== undefined && patch.storeId !== existing.storeId) {
            throw new AppError('stateConflict', { message: '申请提交后不能更换门店' });
          }
          await checkMerchantImages(ctx.db, patch, existing.agentId, false);
          const settle = input.settleAccount ? { settleAccount: input.settleAccount } : {};
          return { ...patch, ...settle, ...freshApplication() };
        },
        beforeDelete: (existing) => {
          if (existing.status === MERCHANT.approved || existing.status === MERCHANT.active) {
            throw new AppError('stateConflict', { message: '已通过或已开通的商户不能删除' });
          }
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
        ...(await sampleMerchantImages(db, agentId)),
      }),
    });
  }
}
