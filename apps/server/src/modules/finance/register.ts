import { accountRecordResource, collectionResource, contractResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../crud/register-resource.js';
import type { DbRow } from '../../crud/types.js';
import { fieldError } from '../../lib/app-error.js';
import { ledgerNo, registerAccountAdjust } from './account.js';
import { registerMerchants } from './merchants.js';
import { registerPayments } from './payments.js';
import { sampleEnterprise, sampleStore } from '../../db/sample-rows.js';
import { registerWallets } from './wallets.js';
import { uniqueSampleNo } from '../../lib/sample-no.js';

const tenantRef = (table: string) => ({ table, tenant: true });

/** A contract with an enterprise names one; its dates run forward. */
function checkContract(values: DbRow, existing: DbRow = {}): DbRow {
  const merged = { ...existing, ...values };
  if (merged.partyType === 2 && (merged.enterpriseId === null || merged.enterpriseId === undefined)) {
    throw fieldError('enterpriseId', '与企业签订的合同请选择企业');
  }
  if (merged.partyType === 1 && values.partyType === 1) values.enterpriseId = null;
  if (String(merged.endDate) < String(merged.startDate)) throw fieldError('endDate', '结束日期不能早于开始日期');
  return values;
}

/** Contracts, collections, the provider account ledger, payments, merchants and wallets. */
export function registerFinance(app: FastifyInstance): void {
  registerResource(app, contractResource, 'contract', {
    directRun: true,
    joins: (qb) => qb.leftJoin('enterprise as e', 'e.id', 't.enterpriseId'),
    columns: { enterpriseName: 'e.name' },
    refs: { enterpriseId: tenantRef('enterprise') },
    hooks: {
      beforeCreate: (values) => checkContract(values),
      beforeUpdate: (patch, existing) => checkContract(patch, existing),
    },
    sample: async ({ db, agentId }) => ({
      contractNo: uniqueSampleNo('HT'),
      partyType: 2,
      enterpriseId: String(await sampleEnterprise(db, agentId)),
      title: '门店管理系统年度服务合同',
      amount: 1_280_000,
      signedDate: '2026-01-05',
      startDate: '2026-01-05',
      endDate: '2027-01-04',
      status: 1,
      attachmentUrl: '',
      remark: '',
    }),
  });

  registerResource(app, collectionResource, 'collection', {
    directRun: true,
    joins: (qb) =>
      qb.leftJoin('enterprise as e', 'e.id', 't.enterpriseId').leftJoin('contract as c', 'c.id', 't.contractId'),
    columns: { enterpriseName: 'e.name', contractNo: 'c.contractNo' },
    refs: { enterpriseId: tenantRef('enterprise'), contractId: tenantRef('contract') },
    sample: () => ({
      collectionNo: uniqueSampleNo('SK'),
      contractId: null,
      enterpriseId: null,
      payer: '杭州样例科技有限公司',
      amount: 500_000,
      method: 1,
      collectedAt: '2026-03-01T10:00:00.000Z',
      status: 1,
      remark: '',
    }),
  });

  registerResource(app, accountRecordResource, 'account_record', {
    directRun: true,
    seed: async ({ db, agentId }) => {
      const now = new Date().toISOString();
      const row = await db
        .insertInto('accountRecord')
        .values({
          agentId,
          recordNo: ledgerNo('ZH'),
          direction: 1,
          kind: 1,
          amount: 100_000,
          balanceAfter: 100_000,
          relatedNo: '',
          remark: '线下打款充值',
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  });
  registerAccountAdjust(app);

  registerPayments(app);

  registerMerchants(app, sampleStore);
  registerWallets(app);
}
