import { VIEW_AS_MAX_MINUTES, VIEW_AS_TOKEN_PREFIX, type ViewAsMode } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { AppError } from '../lib/app-error.js';
import { isoAfter, nowIso } from '../lib/clock.js';
import type { Operator } from './operator.js';
import { loadPermissionCodes } from './operator-permissions.js';
import { hashToken, newToken } from './tokens.js';

/** The permission each mode needs; a view-as ends once its admin no longer holds it. */
const PERMISSION_OF_MODE: Record<ViewAsMode, string> = { read: 'agent.viewAs', write: 'agent.viewAsWrite' };

export function isViewAsToken(token: string): boolean {
  return token.startsWith(VIEW_AS_TOKEN_PREFIX);
}

export interface NewViewAs {
  adminId: number;
  /** The admin's own sign-in session, which the view-as cannot outlive. */
  sessionId: number;
  agentId: number;
  /** The provider administrator whose console is shown. */
  accountId: number;
  mode: ViewAsMode;
  reason: string | null;
}

/** Opens a view-as session of at most VIEW_AS_MAX_MINUTES; returns the token (only its hash is kept). */
export async function createViewAsSession(db: Kysely<Database>, v: NewViewAs): Promise<{ token: string; id: number }> {
  const token = `${VIEW_AS_TOKEN_PREFIX}${newToken()}`;
  const row = await db
    .insertInto('viewAsSession')
    .values({
      tokenHash: hashToken(token),
      adminId: v.adminId,
      sessionId: v.sessionId,
      agentId: v.agentId,
      accountId: v.accountId,
      mode: v.mode,
      reason: v.reason,
      startedAt: nowIso(),
      expiresAt: isoAfter(VIEW_AS_MAX_MINUTES * 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

/** Marks a view-as session over (退出, or found dead on a request); no-op when it already was. */
export async function endViewAsSession(db: Kysely<Database>, id: number, reason: string): Promise<void> {
  await db
    .updateTable('viewAsSession')
    .set({ endedAt: nowIso(), endReason: reason })
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .execute();
}

/**
 * The operator behind a view-as token: the provider's administrator (their scope, their
 * provider's menus) with `viewAs` naming the platform admin. Read from the database on every
 * request (a view-as is rare and short), so an end takes effect at once on every process.
 * A session past its time, ended, or whose admin signed out, was disabled or lost the
 * permission answers 401110, never the admin's own session.
 */
export async function resolveViewAs(db: Kysely<Database>, token: string): Promise<Operator> {
  if (token.length > 200) throw new AppError('viewAsExpired');
  const row = await db
    .selectFrom('viewAsSession as v')
    .innerJoin('admin as viewer', 'viewer.id', 'v.adminId')
    .innerJoin('session as s', 's.id', 'v.sessionId')
    .innerJoin('admin as account', 'account.id', 'v.accountId')
    .innerJoin('agent', 'agent.id', 'v.agentId')
    .where('v.tokenHash', '=', hashToken(token))
    .select([
      'v.id',
      'v.mode',
      'v.reason',
      'v.startedAt',
      'v.expiresAt',
      'v.endedAt',
      'v.agentId',
      'viewer.id as adminId',
      'viewer.name as adminName',
      'viewer.loginName as adminLoginName',
      'viewer.adminType as adminType',
      'viewer.open as adminOpen',
      's.revokedAt as adminSessionRevokedAt',
      's.expiresAt as adminSessionExpiresAt',
      'account.id as accountId',
      'account.loginName as accountLoginName',
      'account.name as accountName',
      'account.open as accountOpen',
      'agent.name as agentName',
    ])
    .executeTakeFirst();
  if (!row) throw new AppError('viewAsExpired');
  if (row.endedAt !== null) throw new AppError('viewAsExpired');
  const now = nowIso();
  const over = async (reason: string): Promise<never> => {
    await endViewAsSession(db, row.id, reason);
    throw new AppError('viewAsExpired');
  };
  if (row.expiresAt <= now) return over('已到时间');
  if (row.adminSessionRevokedAt !== null || row.adminSessionExpiresAt <= now) return over('平台账号已退出登录');
  if (row.adminOpen !== 1 || row.adminType !== 0) return over('平台账号已停用');
  if (row.accountOpen !== 1) return over('服务商管理员账号已停用');
  const adminPermissions = await loadPermissionCodes(db, { id: row.adminId, adminType: 0, agentId: null });
  if (!adminPermissions.includes(PERMISSION_OF_MODE[row.mode])) return over('平台账号已没有查看权限');
  const permissions = await loadPermissionCodes(db, { id: row.accountId, adminType: 1, agentId: row.agentId });
  return {
    id: row.accountId,
    // No sign-in session of the provider's stands behind it (session ids start at 1).
    sessionId: 0,
    loginName: row.accountLoginName,
    name: row.accountName,
    adminType: 1,
    agentId: row.agentId,
    permissions: new Set(permissions),
    mustChangePassword: false,
    viewAs: {
      id: row.id,
      adminId: row.adminId,
      adminName: row.adminName,
      adminLoginName: row.adminLoginName,
      mode: row.mode,
      reason: row.reason,
      agentName: row.agentName,
      startedAt: row.startedAt,
      expiresAt: row.expiresAt,
    },
  };
}
