import type { Kysely } from 'kysely';
import { createListIndexes } from './list-indexes.js';

// 账单记录 (the billing records the sync writes) becomes a list with filters by payment time,
// provider number, channel and status (newest first), and sorts by payment time and amount.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createListIndexes(db, {
    billing_record: [
      ['paid_at', 'id'],
      ['amount', 'id'],
      ['agent_no', 'id'],
      ['status', 'id'],
      ['pay_channel', 'id'],
    ],
  });
}
