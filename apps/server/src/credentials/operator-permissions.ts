import { agentMenus, menuSubtreeCodes, providerAdminOnlyMenus } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Provider statuses whose operators may work (domain: pending 0, active 1, frozen 2, expired 3). */
const WORKING_AGENT_STATUS = 1;
/** adminType of a provider staff member (实施人员). */
export const PROVIDER_STAFF = 2;
/** Entries no staff member ever holds, whatever a grant row says (the administrator's own screen). */
const adminOnlyCodes = menuSubtreeCodes(agentMenus, providerAdminOnlyMenus);

/**
 * The menu-catalogue codes an account holds: a platform admin's come from their enabled roles;
 * a provider administrator's are their provider's agent menu; a provider staff member's are the
 * intersection of that menu and their own grant (none while the provider is not active). Read
 * per request from both tables, so a shrunk provider menu shrinks the staff's set with it. The
 * same data builds the menu tree the console receives, so menu and endpoint checks agree.
 */
export async function loadPermissionCodes(
  db: Kysely<Database>,
  admin: { id: number; adminType: number; agentId: number | null },
): Promise<string[]> {
  if (admin.adminType === 0) {
    const rows = await db
      .selectFrom('adminRole')
      .innerJoin('role', 'role.id', 'adminRole.roleId')
      .innerJoin('roleMenu', 'roleMenu.roleId', 'role.id')
      .innerJoin('menu', 'menu.id', 'roleMenu.menuId')
      .where('adminRole.adminId', '=', admin.id)
      .where('role.status', '=', 1)
      .where('menu.scope', '=', 'platform')
      .select('menu.url')
      .distinct()
      .execute();
    return rows.map((r) => r.url);
  }
  if (admin.agentId === null) return [];
  let q = db
    .selectFrom('agentMenu')
    .innerJoin('agent', 'agent.id', 'agentMenu.agentId')
    .innerJoin('menu', 'menu.id', 'agentMenu.menuId')
    .where('agentMenu.agentId', '=', admin.agentId)
    .where('agent.status', '=', WORKING_AGENT_STATUS)
    .where('menu.scope', '=', 'agent');
  if (admin.adminType === PROVIDER_STAFF) {
    q = q.innerJoin('adminMenu', (join) =>
      join.onRef('adminMenu.menuId', '=', 'agentMenu.menuId').on('adminMenu.adminId', '=', admin.id),
    );
  }
  const rows = await q.select('menu.url').execute();
  const codes = rows.map((r) => r.url);
  return admin.adminType === PROVIDER_STAFF ? codes.filter((code) => !adminOnlyCodes.has(code)) : codes;
}
