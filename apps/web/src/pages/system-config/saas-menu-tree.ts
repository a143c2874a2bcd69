import { type MenuScope, type SaasMenu, flattenMenus, menusByScope } from '@console/contract';

/** A catalogue row with its children, for the tree table. `children` is left out on leaves so antd shows no expander. */
export interface MenuRow extends SaasMenu {
  children?: MenuRow[];
}

const bySortThenId = (a: SaasMenu, b: SaasMenu) => a.sort - b.sort || Number(a.id) - Number(b.id);

/** The flat rows of `/saasMenu/page` as a tree, each level in sidebar order (sort, then id). */
export function buildMenuRows(rows: readonly SaasMenu[]): MenuRow[] {
  const nodes = new Map<string, MenuRow>(rows.map((row) => [row.id, { ...row }]));
  const roots: MenuRow[] = [];
  for (const row of [...rows].sort(bySortThenId)) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) (parent.children ??= []).push(node);
    // An entry whose parent is missing still shows, at the top, rather than vanishing.
    else roots.push(node);
  }
  return roots;
}

/** Rows whose title, code or path contains `text`, with their ancestors and whole subtree. */
export function filterMenuRows(rows: readonly MenuRow[], text: string): MenuRow[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return rows.slice();
  const hits = (row: MenuRow) => [row.title, row.url, row.path].some((value) => value.toLowerCase().includes(needle));
  const walk = (list: readonly MenuRow[]): MenuRow[] =>
    list.flatMap((row) => {
      if (hits(row)) return [row];
      const children = walk(row.children ?? []);
      return children.length > 0 ? [{ ...row, children }] : [];
    });
  return walk(rows);
}

/** Ids of every row that has children (展开全部). */
export function branchIds(rows: readonly MenuRow[], out: string[] = []): string[] {
  for (const row of rows) {
    if (row.children?.length) {
      out.push(row.id);
      branchIds(row.children, out);
    }
  }
  return out;
}

const builtIn: Record<MenuScope, ReadonlySet<string>> = {
  platform: codesOf('platform'),
  agent: codesOf('agent'),
};

function codesOf(scope: MenuScope): Set<string> {
  return new Set(
    flattenMenus(menusByScope[scope]).flatMap(({ spec }) => [spec.name, ...Object.keys(spec.actions ?? {})]),
  );
}

/**
 * Entries declared in the code catalogue. The server re-adds a missing one at every start, and
 * screens and permission checks find them by code and path, so the console edits only their
 * presentation (title, icon, order, hidden) and does not delete them.
 */
export function isBuiltIn(row: Pick<SaasMenu, 'scope' | 'url'>): boolean {
  return builtIn[row.scope].has(row.url);
}

export interface ParentOption {
  value: string;
  title: string;
  children?: ParentOption[];
}

/** Directories and pages a new entry may go under (actions hold no children). */
export function parentOptions(rows: readonly MenuRow[]): ParentOption[] {
  return rows
    .filter((row) => row.kind !== 3)
    .map((row) => {
      const children = parentOptions(row.children ?? []);
      return { value: row.id, title: row.title, ...(children.length > 0 ? { children } : {}) };
    });
}
