import { randomInt } from 'node:crypto';
import { chinaDayCompact } from '@console/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

/** A store number people can read out on the phone: MD + the China date (yyMMdd) + 6 random digits. */
export function newStoreNo(now = new Date()): string {
  return `MD${chinaDayCompact(now)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Enterprise store counts exclude the recycle bin; every store write keeps them in step. */
export async function bumpStoreCount(db: Kysely<Database>, enterpriseId: number, delta: number): Promise<void> {
  await db
    .updateTable('enterprise')
    .set({ storeCount: sql`store_count + ${delta}` })
    .where('id', '=', enterpriseId)
    .execute();
}
