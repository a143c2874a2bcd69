import { permissionEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { requireOperator } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import { loadPermissionCodes } from '../../credentials/operator-permissions.js';
import { buildMenuTree, loadScopeMenus } from './menu-tree.js';

/** The permitted menu trees, built from the same grants the endpoint checks use. */
export function registerPermissionRoutes(app: FastifyInstance): void {
  bindEndpoint(app, permissionEndpoints.getMenuList, async (_input, ctx) => {
    const operator = requireOperator(ctx);
    // Read afresh, not from the session cache, so a role change shows on the next navigation.
    const granted = new Set(await loadPermissionCodes(ctx.db, operator));
    return buildMenuTree(await loadScopeMenus(ctx.db, operator.adminType === 0 ? 'platform' : 'agent'), granted);
  });

  bindEndpoint(app, permissionEndpoints.getAICMenu, async ({ query }, ctx) => {
    const operator = requireOperator(ctx);
    const agentId = toDbId(query.aic);
    const menus = await loadScopeMenus(ctx.db, 'agent');
    if (operator.adminType !== 0) {
      // Another provider's id answers exactly as a missing one.
      if (operator.agentId !== agentId) throw new AppError('recordNotFound');
      return buildMenuTree(menus, new Set(await loadPermissionCodes(ctx.db, operator)));
    }
    if (!operator.permissions.has('agentMenu.get')) throw new AppError('forbidden');
    const agent = await ctx.db.selectFrom('agent').where('id', '=', agentId).select('id').executeTakeFirst();
    if (!agent) throw new AppError('recordNotFound');
    // The platform sees what is granted to the provider, whatever the provider's current status.
    const rows = await ctx.db
      .selectFrom('agentMenu')
      .innerJoin('menu', 'menu.id', 'agentMenu.menuId')
      .where('agentMenu.agentId', '=', agentId)
      .where('menu.scope', '=', 'agent')
      .select('menu.url')
      .execute();
    return buildMenuTree(menus, new Set(rows.map((r) => r.url)));
  });
}
