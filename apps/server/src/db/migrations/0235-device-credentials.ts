import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

// 设备密钥 (issue 26): the secret a gateway or android terminal signs in to the MQTT broker with.
// The broker's dynamic-security plugin holds the usable credential; this row keeps the hash (so
// the console knows a device has one, and when it was issued and by whom) and whether it is
// revoked (unbound, deleted, or the broker lost it), which with the ban list decides whether the
// broker's client is enabled. One row per serial: the broker's usernames are unique.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('device_credential'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('issued_by', 'integer')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
