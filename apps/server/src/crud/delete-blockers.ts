import { sql } from 'kysely';
import type { ResourceDb } from './types.js';

export interface DeleteBlocker {
  /** The referencing table and its column (camelCase, as the query builder spells them). */
  table: string;
  column: string;
  /** What an operator calls those rows, in the refusal: 该企业还有合同，无法删除. */
  label: string;
}

/**
 * The rows that keep a row from being deleted: every foreign key the schema declares without
 * ON DELETE CASCADE or SET NULL, keyed by the referenced table. The generic delete checks them
 * first, so a refusal names what is in the way (issue 28) instead of the database's bare
 * 存在关联数据. delete-blockers.test.ts checks this against the schema, so a new reference cannot
 * be left out. The labels match the resources' `deleteEffect.blockedBy` in the contract.
 *
 * Not here: providers (frozen, never deleted), stores (deleting recycles them; 彻底删除 checks
 * its own list, modules/stores/store-purge.ts) and hardware orders (cancelled, never deleted).
 */
export const deleteBlockers: Readonly<Record<string, readonly DeleteBlocker[]>> = {
  enterprise: [
    { table: 'store', column: 'enterpriseId', label: '门店（含回收站）' },
    { table: 'contract', column: 'enterpriseId', label: '合同' },
    { table: 'collection', column: 'enterpriseId', label: '收款记录' },
    { table: 'appletAuthorization', column: 'enterpriseId', label: '商户小程序' },
  ],
  contract: [{ table: 'collection', column: 'contractId', label: '收款记录' }],
  edition: [{ table: 'freeAuthCode', column: 'editionId', label: '免授权码' }],
  companyGroup: [{ table: 'appPushJob', column: 'companyGroupId', label: '应用推送记录' }],
  appVersion: [{ table: 'appPushJob', column: 'appVersionId', label: '应用推送记录' }],
  androidDevice: [{ table: 'voiceCode', column: 'deviceId', label: '语音授权码' }],
  hardwareProduct: [{ table: 'hardwareOrderItem', column: 'productId', label: '订单' }],
};

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The labels of the blockers that hold rows pointing at `id` of `table` (snake or camel case). */
export async function blockingReferences(db: ResourceDb, table: string, id: number): Promise<string[]> {
  const found: string[] = [];
  for (const blocker of deleteBlockers[camel(table)] ?? []) {
    const row = await db
      .selectFrom(blocker.table)
      .where(sql.ref(blocker.column), '=', id)
      .select(sql<number>`1`.as('one'))
      .limit(1)
      .executeTakeFirst();
    if (row) found.push(blocker.label);
  }
  return found;
}
