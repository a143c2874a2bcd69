import { type SearchGroup, searchKinds } from '@console/contract';
import type { ScreenDef, VisibleMenuNode } from '../screens';
import { catalogueEntry } from '../../lib/menu-filter';
import { withDetail } from '../../components/resource/detail-param';

/** Menu entries shown for a text, at most. */
export const MENU_LIMIT = 5;

export interface PaletteEntry {
  key: string;
  /** The heading the entry is listed under (菜单, 门店, 最近搜索 …). */
  section: string;
  label: string;
  detail?: string;
  /** Where Enter goes; a recent search has none (it fills the box instead). */
  to?: string;
  /** A recent search's text. */
  recent?: string;
  /** 查看全部: a list filtered by the keyword. */
  all?: boolean;
}

/**
 * The screen that shows a resource's list: the first screen the operator may open whose menu
 * entry grants `<resource>.page`. None (not granted, or not built) leaves the group out.
 */
export function listScreenOf(resource: string, screens: readonly ScreenDef[]): string | undefined {
  const code = `${resource}.page`;
  return screens.find((screen) => catalogueEntry(screen.path)?.actions?.[code] !== undefined)?.path;
}

function menuPages(
  nodes: readonly VisibleMenuNode[],
  trail: string[] = [],
): { node: VisibleMenuNode; trail: string[] }[] {
  return nodes.flatMap((node) =>
    node.children.length > 0 && node.redirect
      ? menuPages(node.children, [...trail, node.title])
      : node.hidden
        ? []
        : [{ node, trail }],
  );
}

/** Pages of the operator's menu whose title (or directory's) holds the text. */
export function menuEntries(tree: readonly VisibleMenuNode[], text: string): PaletteEntry[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  return menuPages(tree)
    .filter(({ node, trail }) => [...trail, node.title].some((t) => t.toLowerCase().includes(q)))
    .slice(0, MENU_LIMIT)
    .map(({ node, trail }) => ({
      key: `menu:${node.path}`,
      section: '菜单',
      label: node.title,
      detail: trail.join(' / '),
      to: node.path,
    }));
}

/** A searched list's records, then its 查看全部, under the kind's label (and the list's, if it differs). */
export function recordEntries(
  groups: readonly SearchGroup[],
  text: string,
  screens: readonly ScreenDef[],
): PaletteEntry[] {
  return groups.flatMap((group) => {
    const path = listScreenOf(group.resource, screens);
    if (!path) return [];
    const label = searchKinds[group.kind].label;
    const section = group.title === label ? label : `${label} · ${group.title}`;
    const hits = group.hits.map((hit): PaletteEntry => ({
      key: `${group.resource}:${hit.id}`,
      section,
      label: hit.title || hit.id,
      detail: hit.detail,
      to: `${path}${withDetail('', hit.id)}`,
    }));
    const all: PaletteEntry = {
      key: `${group.resource}:all`,
      section,
      label: group.more ? '查看全部' : '在列表中查看',
      to: `${path}?${new URLSearchParams({ [group.filter]: text.trim() }).toString()}`,
      all: true,
    };
    return [...hits, all];
  });
}

export function recentEntries(recent: readonly string[]): PaletteEntry[] {
  return recent.map((text) => ({ key: `recent:${text}`, section: '最近搜索', label: text, recent: text }));
}
