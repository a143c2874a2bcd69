import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { isoAfter, nowIso } from '../../lib/clock.js';
import { hashToken, newToken } from '../../credentials/tokens.js';

// 记住密码 without a stored password: a long-lived random credential, kept hashed, rotated on
// every use and revoked on logout and password change.

export async function issueRememberToken(db: Kysely<Database>, adminId: number, days: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('rememberToken')
    .values({ tokenHash: hashToken(token), adminId, createdAt: nowIso(), expiresAt: isoAfter(days * 86_400_000) })
    .execute();
  return token;
}

/** The live remember token of the named account, or undefined when unknown, revoked or expired. */
export async function findRememberToken(db: Kysely<Database>, loginName: string, token: string) {
  return db
    .selectFrom('rememberToken')
    .innerJoin('admin', 'admin.id', 'rememberToken.adminId')
    .where('rememberToken.tokenHash', '=', hashToken(token))
    .where('rememberToken.revokedAt', 'is', null)
    .where('rememberToken.expiresAt', '>', nowIso())
    .where('admin.loginName', '=', loginName)
    .select(['rememberToken.id', 'rememberToken.adminId'])
    .executeTakeFirst();
}

/** Revokes one remember token by id; false when it was already spent (a concurrent rotation). */
export async function spendRememberToken(db: Kysely<Database>, id: number): Promise<boolean> {
  const rows = await db
    .updateTable('rememberToken')
    .set({ revokedAt: nowIso() })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Revokes a token presented by its owner (logout); someone else's token is left alone. */
export async function revokeRememberToken(db: Kysely<Database>, adminId: number, token: string): Promise<void> {
  await db
    .updateTable('rememberToken')
    .set({ revokedAt: nowIso() })
    .where('tokenHash', '=', hashToken(token))
    .where('adminId', '=', adminId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Revokes every remember token of an account (password change, reset, disable). */
export async function revokeAllRememberTokens(db: Kysely<Database>, adminId: number): Promise<void> {
  await db
    .updateTable('rememberToken')
    .set({ revokedAt: nowIso() })
    .where('adminId', '=', adminId)
    .where('revokedAt', 'is', null)
    .execute();
}
