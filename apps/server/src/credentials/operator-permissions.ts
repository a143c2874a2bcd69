import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Provider statuses whose operators may work (domain: pending 0, active 1, frozen 2, expired 3). */
const WORKING_AGENT_STATUS = 1;

/**
 * The menu-catalogue codes an account holds: a platform admin's come from their enabled roles,
 * a provider operator's from their provider's agent menu (none while the provider is not active).
 * The same data builds the menu tree the console receives, so menu and endpoint checks agree.
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
  const rows = await db
    .selectFrom('agentMenu')
    .innerJoin('agent', 'agent.id', 'agentMenu.agentId')
    .innerJoin('menu', 'menu.id', 'agentMenu.menuId')
    .where('agentMenu.agentId', '=', admin.agentId)
    .where('agent.status', '=', WORKING_AGENT_STATUS)
    .where('menu.scope', '=', 'agent')
    .select('menu.url')
    .execute();
  return rows.map((r) => r.url);
}
