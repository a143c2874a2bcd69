import { sql } from 'kysely';
import { generatePassword } from '../../credentials/generate-password.js';
import { hashPassword } from '../../credentials/passwords.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';

/** A new account as its creator gives it; the password is in clear here and only hashed is stored. */
export interface NewAccount {
  loginName: string;
  name: string;
  phone: string;
  email: string;
  adminType: number;
  agentId: number | null;
  password: string;
}

/**
 * Inserts a new, enabled account that must replace its password at the first sign-in (someone
 * else chose or saw it: 账号管理, 实施人员, a provider's approval) and answers its id. A login
 * name already taken rejects with the database's unique violation, for the caller to name.
 */
export async function insertAccount(ctx: Pick<RequestContext, 'db'>, account: NewAccount): Promise<number> {
  const { password, ...fields } = account;
  const now = nowIso();
  const row = await ctx.db
    .insertInto('admin')
    .values({
      ...fields,
      passwordHash: await hashPassword(password),
      open: 1,
      headImg: '',
      changePsw: 1,
      failedCount: 0,
      createdAt: now,
      updatedAt: now,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The contact fields an account's form edits, the same for platform accounts and provider operators. */
export type AccountFields = {
  name?: string;
  phone?: string;
  email?: string;
};

/**
 * Writes an account's edited contact fields at the version the editor read, and returns the
 * changed fields for the operation log. A stale version (someone saved in between) is refused,
 * whether it is seen before the write or by the write itself.
 */
export async function updateAccountFields(
  ctx: RequestContext,
  id: number,
  before: Record<string, unknown> & { version: number },
  body: AccountFields & { version: number },
): Promise<ReturnType<typeof diffFields>> {
  if (before.version !== body.version) throw new AppError('versionConflict');
  const patch: AccountFields = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.phone !== undefined) patch.phone = body.phone;
  if (body.email !== undefined) patch.email = body.email;
  const result = await ctx.db
    .updateTable('admin')
    .set({ ...patch, updatedAt: nowIso(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', body.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
  return diffFields(before, patch);
}

/**
 * Sets a password someone else chose or the server generated; the account must change it at its
 * next sign-in. Answers what the caller may show: a generated password once, a chosen one never.
 */
export async function resetAccountPassword(
  ctx: RequestContext,
  id: number,
  given: string | undefined,
): Promise<{ password: string | null }> {
  const plain = given ?? generatePassword();
  await ctx.db
    .updateTable('admin')
    .set({
      passwordHash: await hashPassword(plain),
      changePsw: 1,
      failedCount: 0,
      lockedUntil: null,
      updatedAt: nowIso(),
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .execute();
  return { password: given === undefined ? plain : null };
}
