import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

/** A store number people can read out on the phone: MD + date + 6 random digits. */
export function newStoreNo(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `MD${day}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Enterprise store counts exclude the recycle bin; every store write keeps them in step. */
export async function bumpStoreCount(db: Kysely<Database>, enterpriseId: number, delta: number): Promise<void> {
  await db
    .updateTable('enterprise')
    .set({ storeCount: sql`store_count + ${delta}` })
    .where('id', '=', enterpriseId)
    .execute();
}
