import { agentMenus, menuSubtreeCodes, type MenuTreeNode, providerAdminOnlyMenus } from '@console/contract';
import type { RequestContext } from '../../http/context.js';
import { fieldError } from '../../lib/app-error.js';
import { buildMenuTree, loadScopeMenus } from '../permissions/menu-tree.js';

const adminOnlyCodes = menuSubtreeCodes(agentMenus, providerAdminOnlyMenus);

/**
 * What a provider administrator may grant an operator: the provider's own agent menu (whatever
 * its status: a frozen provider's grants are kept, they just give nothing), without the
 * administrator-only entries. A granted page keeps its directories (see `buildMenuTree`).
 */
export async function grantableTree(ctx: RequestContext, agentId: number): Promise<MenuTreeNode[]> {
  const held = await ctx.db
    .selectFrom('agentMenu')
    .innerJoin('menu', 'menu.id', 'agentMenu.menuId')
    .where('agentMenu.agentId', '=', agentId)
    .where('menu.scope', '=', 'agent')
    .select('menu.url')
    .execute();
  const granted = new Set(held.map((r) => r.url).filter((url) => !adminOnlyCodes.has(url)));
  return buildMenuTree(await loadScopeMenus(ctx.db, 'agent'), granted);
}

function treeIds(tree: readonly MenuTreeNode[], out = new Set<number>()): Set<number> {
  for (const node of tree) {
    out.add(Number(node.id));
    treeIds(node.children, out);
  }
  return out;
}

/** Grant ids from the wire, each within what the provider may grant; duplicates collapse. */
export async function checkGrant(ctx: RequestContext, agentId: number, wire: string[]): Promise<number[]> {
  const allowed = treeIds(await grantableTree(ctx, agentId));
  const ids = [...new Set(wire.map(Number))];
  if (ids.some((id) => !allowed.has(id))) throw fieldError('menuIds', '所选菜单不在本服务商的菜单权限内');
  return ids.sort((a, b) => a - b);
}

/**
 * An operator's grant as it takes effect today: the stored entries the provider still may grant.
 * (Entries the platform took from the provider stay stored but give nothing, and are not shown.)
 */
export async function effectiveGrant(ctx: RequestContext, agentId: number, adminId: number): Promise<string[]> {
  const allowed = treeIds(await grantableTree(ctx, agentId));
  const rows = await ctx.db.selectFrom('adminMenu').where('adminId', '=', adminId).select('menuId').execute();
  return rows
    .map((r) => r.menuId)
    .filter((id) => allowed.has(id))
    .sort((a, b) => a - b)
    .map(String);
}

export async function writeGrant(ctx: RequestContext, adminId: number, menuIds: number[]): Promise<void> {
  await ctx.db.deleteFrom('adminMenu').where('adminId', '=', adminId).execute();
  for (let i = 0; i < menuIds.length; i += 200) {
    await ctx.db
      .insertInto('adminMenu')
      .values(menuIds.slice(i, i + 200).map((menuId) => ({ adminId, menuId })))
      .execute();
  }
}
