import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.js';
import { gramSourceTables, createGramTriggers, indexGramTable } from './keyword-gram-index.js';

// The bigram keyword index (migration 0180) over the other lists whose keyword can meet large
// tables: the logs, the devices, the hardware orders and their registers, and the money records.
// The list machinery reads `search_gram_source`, so these lists seek a rare keyword's candidates
// without a line of their own. Left on LIKE: lists of a few hundred rows at most (editions, roles,
// menus, parameters, channels, templates, address book, products, contracts) and error_log, whose
// rows are error groups (one per distinct error) with long messages and stacks.
//
// operation_log is the largest table and gains a row on every write, so its trigger's cost was
// measured before indexing it (docs/performance.md, "Keyword search over the logs, devices, orders
// and money"): `action` is short (an endpoint's summary, 4–20 characters), its insert trigger adds
// a few index entries to a write that already writes the log row and its own indexes.
//
// The tables 0180 indexed get the triggers this migration's tables get: an update rewrites only
// the grams that changed, and none when the indexed columns keep their text.

/** The tables and columns indexed by this migration (snake_case, as stored). */
const SOURCES: [table: string, columns: string[]][] = [
  ['operation_log', ['action']],
  ['sms_log', ['phone', 'content']],
  ['gateway_device', ['device_name', 'ip']],
  ['android_device', ['name', 'device_no']],
  ['hardware_order', ['order_no', 'receiver', 'phone', 'tracking_no']],
  ['mac_address', ['mac', 'device_name', 'batch_no']],
  ['zkb_equipment_no', ['equipment_no', 'mac', 'batch_no']],
  ['voice_code', ['code', 'batch_no']],
  ['store_payment', ['payment_no']],
  ['provider_payment', ['record_no']],
  ['account_record', ['record_no', 'related_no']],
  ['collection', ['collection_no', 'payer']],
  ['billing_record', ['bill_no']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const indexed = await gramSourceTables(db);
  for (const [table, columns] of indexed) await createGramTriggers(db, pg, table, columns);
  for (const [table, columns] of SOURCES) await indexGramTable(db, pg, table, columns);
}
