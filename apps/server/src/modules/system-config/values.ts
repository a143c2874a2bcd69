import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** One config value as stored, or the fallback when the key is absent. */
export async function configValue(db: Kysely<Database>, key: string, fallback: string): Promise<string> {
  const row = await db.selectFrom('systemConfig').select('value').where('configKey', '=', key).executeTakeFirst();
  return row?.value ?? fallback;
}

/** The configured voice code price in fen (default ¥30.00). */
export async function voiceCodePrice(db: Kysely<Database>): Promise<number> {
  const n = Number(await configValue(db, 'voiceCodePrice', '3000'));
  return Number.isSafeInteger(n) && n >= 0 ? n : 3000;
}

/** Whether providers may take voice codes for their own terminals (语音码设置; default yes). */
export async function voiceCodeSelfService(db: Kysely<Database>): Promise<boolean> {
  return (await configValue(db, 'voiceCodeSelfService', '1')) === '1';
}
