import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';

/** Sets a provider's balance with one ledger row (a recharge), as the finance screen would. */
export async function giveBalance(db: Kysely<Database>, agentId: number, balance: number): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('accountRecord')
    .values({
      agentId,
      recordNo: `TEST${agentId}${Date.now()}`,
      direction: 1,
      kind: 1,
      amount: balance,
      balanceAfter: balance,
      relatedNo: '',
      remark: '测试充值',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

/** Allocates `count` fresh codes to a provider straight in the table. */
export async function allocateCodes(db: Kysely<Database>, agentId: number, count: number): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('voiceCode')
    .values(
      Array.from({ length: count }, (_, i) => ({
        code: `T${agentId}-${Date.now()}-${i}`,
        batchNo: 'TEST',
        status: 1,
        price: 3000,
        agentId,
        allocatedAt: now,
        remark: '',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}
