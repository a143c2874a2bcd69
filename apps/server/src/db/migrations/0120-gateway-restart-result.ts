import type { Kysely } from 'kysely';

// A gateway's last restart outcome, written when the device answers (or fails to): the console
// tells the operator how the restart went minutes after the request, and the detail shows it.
export async function up(db: Kysely<unknown>): Promise<void> {
  // null: never restarted from the console, or the restart is still under way.
  await db.schema.alterTable('gateway_device').addColumn('restart_ok', 'integer').execute();
  await db.schema
    .alterTable('gateway_device')
    .addColumn('restart_message', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
