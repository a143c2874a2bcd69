import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** A provider's balance: the balance after its latest ledger row (0 before the first). */
export async function balanceOf(db: Kysely<Database>, agentId: number): Promise<number> {
  const last = await db
    .selectFrom('accountRecord')
    .where('agentId', '=', agentId)
    .orderBy('id', 'desc')
    .select('balanceAfter')
    .executeTakeFirst();
  return last?.balanceAfter ?? 0;
}

/**
 * Takes the provider's row lock for the rest of the transaction (a no-op update; PostgreSQL),
 * so two charges to one account queue up and the second sees the first one's balance; SQLite
 * serialises writers anyway. Answers false when there is no such provider.
 */
export async function lockAccount(db: Kysely<Database>, agentId: number): Promise<boolean> {
  const locked = await db
    .updateTable('agent')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', agentId)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}
