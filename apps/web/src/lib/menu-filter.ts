import { type MenuScope, type MenuSpec, type MenuTreeNode, flattenMenus, menusByScope } from '@console/contract';

/** A console screen the router can show (see `layout/screens.ts`). */
export interface ScreenDef {
  /** Route name: the menu catalogue's `name` for menu screens, a fixed name otherwise. */
  name: string;
  path: string;
  title: string;
  /** Pinned tab (首页). */
  affix?: boolean;
  /** Shown to every signed-in operator of `audience` without a menu grant (hidden screens). */
  alwaysAllowed?: boolean;
  audience?: MenuScope | 'any';
}

/** A sidebar entry: a permitted node of the operator's menu whose screen (or some descendant's) is built. */
export interface VisibleMenuNode {
  name: string;
  path: string;
  title: string;
  icon: string;
  hidden: boolean;
  badge?: MenuSpec['badge'];
  /** Directories: where visiting the directory path leads. */
  redirect?: string;
  children: VisibleMenuNode[];
}

const catalogue = new Map<string, MenuSpec>();
const scopes = new Map<string, MenuScope>();
for (const scope of ['platform', 'agent'] as const) {
  for (const { spec } of flattenMenus(menusByScope[scope])) {
    catalogue.set(spec.path, spec);
    scopes.set(spec.path, scope);
  }
}

/** The catalogue entry at a path, in either scope (paths are unique across both). */
export function catalogueEntry(path: string): MenuSpec | undefined {
  return catalogue.get(path);
}

/** Whose console a catalogue path belongs to: the platform's menus or a provider's. */
export function catalogueScope(path: string): MenuScope | undefined {
  return scopes.get(path);
}

export function scopeOf(adminType: number | null): MenuScope {
  return adminType === 0 ? 'platform' : 'agent';
}

export function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function findIn<S extends ScreenDef>(screens: readonly S[], pathname: string): S | undefined {
  const path = normalise(pathname);
  return screens.find((screen) => screen.path === path);
}

function grantedPages(tree: MenuTreeNode[], out = new Set<string>()): Set<string> {
  for (const node of tree) {
    if (node.kind === 2) out.add(`${node.url} ${node.path}`);
    grantedPages(node.children, out);
  }
  return out;
}

/**
 * Screens this operator may open: hidden always-allowed screens of their audience, and menu screens
 * whose route name AND path are on their permitted tree (names repeat across the two scopes:
 * 直营 `contractRecords` is not the provider's `contractRecords`).
 */
export function permittedScreens<S extends ScreenDef>(
  screens: readonly S[],
  tree: MenuTreeNode[],
  adminType: number | null,
): S[] {
  const granted = grantedPages(tree);
  const scope = scopeOf(adminType);
  return screens.filter((screen) =>
    screen.alwaysAllowed
      ? !screen.audience || screen.audience === 'any' || screen.audience === scope
      : granted.has(`${screen.name} ${screen.path}`),
  );
}

/**
 * The permitted tree cut down to what exists: pages without a built screen go, directories left
 * with no child go, action entries never show. A directory redirects to the child at its
 * catalogue `redirectIndex`, else to its first non-hidden child (spec section 2, route permission).
 */
export function visibleMenuTree(
  tree: MenuTreeNode[],
  screens: readonly ScreenDef[],
  entryOf: (path: string) => MenuSpec | undefined = catalogueEntry,
): VisibleMenuNode[] {
  const built = new Set(screens.map((screen) => `${screen.name} ${screen.path}`));
  const walk = (nodes: MenuTreeNode[]): VisibleMenuNode[] =>
    nodes.flatMap((node): VisibleMenuNode[] => {
      const spec = entryOf(node.path);
      const base = {
        name: node.url,
        path: node.path,
        title: node.title || spec?.title || node.url,
        icon: node.icon || spec?.icon || '',
        hidden: node.hidden,
        ...(spec?.badge ? { badge: spec.badge } : {}),
      };
      if (node.kind === 3) return [];
      if (node.kind === 2) {
        if (!built.has(`${node.url} ${node.path}`)) return [];
        const children = walk(node.children);
        return [{ ...base, children }];
      }
      const children = walk(node.children);
      if (children.length === 0) return [];
      const indexed = spec?.redirectIndex !== undefined ? children[spec.redirectIndex] : undefined;
      const target = indexed ?? children.find((child) => !child.hidden) ?? children[0];
      return [{ ...base, children, ...(target ? { redirect: target.redirect ?? target.path } : {}) }];
    });
  return walk(tree);
}

/** Where a directory path of the visible tree leads, if `pathname` is one. */
export function menuRedirect(tree: VisibleMenuNode[], pathname: string): string | undefined {
  const path = normalise(pathname);
  for (const node of tree) {
    if (node.path === path && node.redirect) return node.redirect;
    const nested = menuRedirect(node.children, path);
    if (nested) return nested;
  }
  return undefined;
}
