import type { MenuTreeNode } from '@console/contract';

/** A catalogue tree indexed for grant edits: parents, descendants and the tree order of every id. */
export interface MenuIndex {
  nodes: ReadonlyMap<string, MenuTreeNode>;
  parentOf: ReadonlyMap<string, string | null>;
  /** Every id in depth-first (sidebar) order, so payloads come out in a stable order. */
  order: readonly string[];
}

export function indexMenus(tree: readonly MenuTreeNode[]): MenuIndex {
  const nodes = new Map<string, MenuTreeNode>();
  const parentOf = new Map<string, string | null>();
  const order: string[] = [];
  const walk = (list: readonly MenuTreeNode[], parent: string | null) => {
    for (const node of list) {
      nodes.set(node.id, node);
      parentOf.set(node.id, parent);
      order.push(node.id);
      walk(node.children, node.id);
    }
  };
  walk(tree, null);
  return { nodes, parentOf, order };
}

function descendants(node: MenuTreeNode, out: string[] = []): string[] {
  for (const child of node.children) {
    out.push(child.id);
    descendants(child, out);
  }
  return out;
}

function ancestors(index: MenuIndex, id: string): string[] {
  const out: string[] = [];
  for (let p = index.parentOf.get(id) ?? null; p !== null; p = index.parentOf.get(p) ?? null) out.push(p);
  return out;
}

/** Granted ids in tree order; ids the catalogue no longer has are dropped. */
export function sortGrants(index: MenuIndex, granted: Iterable<string>): string[] {
  const set = new Set(granted);
  return index.order.filter((id) => set.has(id));
}

/**
 * Ticking an entry grants it with everything below it and the directories above it (a page is
 * unreachable without its directory). Unticking removes it with everything below it, and a
 * directory left with nothing granted under it. A page stays granted when its last action is
 * unticked: a page without actions is a real grant (it shows half-ticked), never dropped silently.
 */
export function toggleGrant(index: MenuIndex, granted: Iterable<string>, id: string, on: boolean): string[] {
  const node = index.nodes.get(id);
  const next = new Set(granted);
  if (!node) return sortGrants(index, next);
  const below = descendants(node);
  if (on) {
    for (const each of [id, ...below, ...ancestors(index, id)]) next.add(each);
  } else {
    for (const each of [id, ...below]) next.delete(each);
    for (const parent of ancestors(index, id)) {
      const dir = index.nodes.get(parent);
      if (dir?.kind !== 1 || descendants(dir).some((d) => next.has(d))) break;
      next.delete(parent);
    }
  }
  return sortGrants(index, next);
}

/**
 * What the tree shows: ticked when the entry and everything below it are granted, half-ticked
 * when only part of it is (the entry itself, or some of its children).
 */
export function checkState(index: MenuIndex, granted: Iterable<string>): { checked: string[]; halfChecked: string[] } {
  const set = new Set(granted);
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const id of index.order) {
    const node = index.nodes.get(id);
    if (!node) continue;
    const below = descendants(node);
    const grantedBelow = below.filter((d) => set.has(d)).length;
    if (set.has(id) && grantedBelow === below.length) checked.push(id);
    else if (set.has(id) || grantedBelow > 0) halfChecked.push(id);
  }
  return { checked, halfChecked };
}

/** Every id of a permitted tree (what `getAICMenu` answers is exactly the granted entries). */
export function idsOfTree(tree: readonly MenuTreeNode[]): string[] {
  return indexMenus(tree).order.slice();
}

/**
 * The catalogue cut to the entries whose title or code contains `text`, with their ancestors
 * (for context) and their whole subtree (so a found page still shows its actions).
 */
export function filterMenus(tree: readonly MenuTreeNode[], text: string): MenuTreeNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return tree.slice();
  const hits = (node: MenuTreeNode) =>
    node.title.toLowerCase().includes(needle) || node.url.toLowerCase().includes(needle);
  const walk = (list: readonly MenuTreeNode[]): MenuTreeNode[] =>
    list.flatMap((node) => {
      if (hits(node)) return [node];
      const children = walk(node.children);
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  return walk(tree);
}

/** The catalogue cut to the granted entries, each with the directories above it. */
export function grantedTree(tree: readonly MenuTreeNode[], granted: Iterable<string>): MenuTreeNode[] {
  const set = new Set(granted);
  const walk = (list: readonly MenuTreeNode[]): MenuTreeNode[] =>
    list.flatMap((node) => {
      const children = walk(node.children);
      return set.has(node.id) || children.length > 0 ? [{ ...node, children }] : [];
    });
  return walk(tree);
}
