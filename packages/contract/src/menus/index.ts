import { agentMenus, providerAdminOnlyMenus } from './agent-menus.js';
import { platformMenus } from './platform-menus.js';
import type { MenuScope, MenuSpec } from './types.js';

export * from './crud-actions.js';
export * from './types.js';
export { agentMenus, platformMenus, providerAdminOnlyMenus };

export const menusByScope: Record<MenuScope, MenuSpec[]> = { platform: platformMenus, agent: agentMenus };

/** Every entry of a scope's catalogue, depth first, with its parent's name. */
export function flattenMenus(
  menus: MenuSpec[],
  parent: string | null = null,
): { spec: MenuSpec; parent: string | null }[] {
  return menus.flatMap((spec) => [{ spec, parent }, ...flattenMenus(spec.children ?? [], spec.name)]);
}

/** The catalogue codes under (and including) the named entries of a scope's menu. */
export function menuSubtreeCodes(menus: MenuSpec[], names: readonly string[]): Set<string> {
  const out = new Set<string>();
  const take = (spec: MenuSpec) => {
    out.add(spec.name);
    for (const code of Object.keys(spec.actions ?? {})) out.add(code);
    for (const child of spec.children ?? []) take(child);
  };
  for (const { spec } of flattenMenus(menus)) if (names.includes(spec.name)) take(spec);
  return out;
}
