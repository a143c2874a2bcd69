import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { nowIso } from '../lib/clock.js';

// TOTP keys must be readable by the server (it computes the codes), so they cannot be hashed like
// passwords; they are sealed with AES-256-GCM under a key the first process makes and keeps in
// `server_secret`, shared by every API process over the database (as the file-link key is). A
// dump of the second_factor table alone, or a log line of a row, gives no usable key.

const NAME = 'secondFactor';
const keys = new WeakMap<object, Promise<Buffer>>();

async function loadKey(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto('serverSecret')
    .values({ name: NAME, value: randomBytes(32).toString('base64url'), createdAt: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('serverSecret').select('value').where('name', '=', NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

function keyOf(db: Kysely<Database>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export async function sealSecret(db: Kysely<Database>, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(db), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export async function openSecret(db: Kysely<Database>, sealed: string): Promise<string> {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('sealed second-factor key malformed');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(db), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
