import { agentMenus } from './agent-menus.js';
import { platformMenus } from './platform-menus.js';
import type { MenuScope, MenuSpec } from './types.js';

export * from './crud-actions.js';
export * from './types.js';
export { agentMenus, platformMenus };

export const menusByScope: Record<MenuScope, MenuSpec[]> = { platform: platformMenus, agent: agentMenus };

/** Every entry of a scope's catalogue, depth first, with its parent's name. */
export function flattenMenus(
  menus: MenuSpec[],
  parent: string | null = null,
): { spec: MenuSpec; parent: string | null }[] {
  return menus.flatMap((spec) => [{ spec, parent }, ...flattenMenus(spec.children ?? [], spec.name)]);
}
