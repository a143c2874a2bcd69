import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { Operator } from './operator.js';
import { loadPermissionCodes } from './operator-permissions.js';

/**
 * An account as it stands now, for work that runs later on its behalf (a queued export): enabled
 * or not, its current permission set and provider, read from the same tables a sign-in reads.
 * Null when the account is gone or disabled. No session stands behind it: `sessionId` 0 names
 * none (session ids start at 1), and nothing such work does reads the session.
 */
export async function loadAccountOperator(db: Kysely<Database>, adminId: number): Promise<Operator | null> {
  const row = await db
    .selectFrom('admin')
    .select(['id', 'loginName', 'name', 'adminType', 'agentId', 'open'])
    .where('id', '=', adminId)
    .executeTakeFirst();
  if (!row || row.open !== 1) return null;
  const permissions = await loadPermissionCodes(db, row);
  return {
    id: row.id,
    sessionId: 0,
    loginName: row.loginName,
    name: row.name,
    adminType: row.adminType,
    agentId: row.agentId,
    permissions: new Set(permissions),
    mustChangePassword: false,
  };
}
