import type { MenuProps } from 'antd';
import type { VisibleMenuNode } from '../screens';
import { CountBadge } from '../../components/count-badge';
import { MenuIcon } from '../../components/icons/menu-icons';

type Item = Required<MenuProps>['items'][number];

export const DASHBOARD_PATH = '/dashboard';

function label(title: string, badge: number) {
  if (badge <= 0) return title;
  return (
    <span className="console-menu-label">
      <span>{title}</span>
      <CountBadge count={badge} overflowCount={99} title={`${badge} 条待审核`} />
    </span>
  );
}

/** Directories with one visible page read better as that page (agent menus are mostly so). */
function collapseSingle(node: VisibleMenuNode): VisibleMenuNode {
  const visible = node.children.filter((child) => !child.hidden);
  const only = visible[0];
  if (visible.length === 1 && only && only.children.every((child) => child.hidden)) {
    return { ...only, icon: only.icon || node.icon, badge: only.badge ?? node.badge, children: [] };
  }
  return node;
}

/**
 * The sidebar's antd items from the visible menu tree: keys are paths, hidden entries are left out,
 * the store-application entries carry the pending count.
 */
export function menuItems(tree: VisibleMenuNode[], pendingCount: number, withDashboard: boolean): Item[] {
  const badgeOf = (node: VisibleMenuNode) =>
    node.badge === 'pendingApplication' || node.name === 'storeApplication' ? pendingCount : 0;
  const walk = (nodes: VisibleMenuNode[], top: boolean): Item[] =>
    nodes
      .filter((node) => !node.hidden)
      .map((raw) => {
        const node = top ? collapseSingle(raw) : raw;
        const icon = top ? <MenuIcon name={node.icon || 'AppstoreOutlined'} /> : undefined;
        const children = node.children.filter((child) => !child.hidden);
        if (children.length > 0) {
          return { key: node.path, icon, label: label(node.title, badgeOf(node)), children: walk(children, false) };
        }
        return { key: node.path, icon, label: label(node.title, badgeOf(node)) };
      });
  const items = walk(tree, true);
  return withDashboard
    ? [{ key: DASHBOARD_PATH, icon: <MenuIcon name="DashboardOutlined" />, label: '首页' }, ...items]
    : items;
}

/** Paths of the directories above `path`, outermost first, for the open submenus. */
export function ancestorsOf(tree: VisibleMenuNode[], path: string): string[] {
  for (const node of tree) {
    if (node.path === path) return [];
    const below = ancestorsOf(node.children, path);
    if (below.length > 0 || node.children.some((child) => child.path === path)) return [node.path, ...below];
  }
  return [];
}
