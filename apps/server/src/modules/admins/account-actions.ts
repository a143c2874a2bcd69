import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { mapWriteError } from '../../db/db-errors.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { nowIso } from '../../lib/clock.js';
import { insertAccount, type NewAccount } from './account-fields.js';

const labels = { loginName: '登录名' };

/** Inserts an account (platform admin or provider staff); a taken login name answers as a field error. */
export function createAccount(ctx: RequestContext, account: NewAccount): Promise<number> {
  return insertAccount(ctx, account).catch((err: unknown) => mapWriteError(err, 'write', labels));
}

/** Enables or disables an account; disabling ends its sessions at once. Records the change for the audit. */
export async function setAccountOpen(
  app: FastifyInstance,
  ctx: RequestContext,
  id: number,
  before: { open: number },
  open: 0 | 1,
): Promise<void> {
  await ctx.db
    .updateTable('admin')
    .set({ open, updatedAt: nowIso(), version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
  ctx.audit.changes = diffFields(before, { open });
  if (open === 0) await app.sessions.revokeAdmin(ctx.db, id, '账号已停用');
}
