import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Grants a provider every provider-scope menu entry (its operators then see the whole agent menu). */
export async function grantAllAgentMenus(db: Kysely<Database>, agentId: number): Promise<void> {
  const menus = await db.selectFrom('menu').where('scope', '=', 'agent').select('id').execute();
  for (const m of menus) {
    await db
      .insertInto('agentMenu')
      .values({ agentId, menuId: m.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
