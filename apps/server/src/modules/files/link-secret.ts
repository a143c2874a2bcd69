import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';

const NAME = 'fileLink';

/**
 * The key that signs links to private files. FILE_URL_SECRET when configured (a deployment that
 * keeps its secrets outside the database, or rotates the key by restarting with another: links
 * already handed out then stop, which lasts minutes). Otherwise a random key made by the first
 * process to start and kept in `server_secret`: a link minted by one API process must verify on
 * another behind the same load balancer, and a per-process key would not. `on conflict do
 * nothing` and the read back make two processes starting together agree on one.
 */
export async function loadLinkSecret(db: Kysely<Database>, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db
    .insertInto('serverSecret')
    .values({ name: NAME, value: randomBytes(32).toString('base64url'), createdAt: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('serverSecret').select('value').where('name', '=', NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
