import { Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { findIn } from '../../lib/menu-filter';
import { usePermittedScreens, useVisibleMenuTree } from '../screens';
import { useAppStore } from '../../stores/app';
import { useSettingsStore } from '../../stores/settings';
import { usePlatformTitle } from '../navbar/use-site-info';
import { DASHBOARD_PATH, ancestorsOf, menuItems } from './menu-items';
import { usePendingBadge } from './use-pending-badge';

/** The permitted menu: a `navigation` landmark holding antd's `menu`. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tree = useVisibleMenuTree();
  const permitted = usePermittedScreens();
  const pending = usePendingBadge();
  const showLogo = useSettingsStore((state) => state.sidebarLogo);
  const platformName = usePlatformTitle();
  const withDashboard = !!findIn(permitted, DASHBOARD_PATH);
  const items = useMemo(() => menuItems(tree, pending, withDashboard), [tree, pending, withDashboard]);

  // Opening the current page's directories follows navigation; the operator may open others freely.
  const ancestors = useMemo(() => ancestorsOf(tree, pathname), [tree, pathname]);
  const [opened, setOpened] = useState<string[]>(ancestors);
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpened((keys) => [...new Set([...keys, ...ancestors])]);
  }

  return (
    <nav className="console-sidebar-inner" aria-label="侧边菜单">
      {showLogo && (
        <div className="console-logo" title={platformName}>
          <span className="console-logo-mark" aria-hidden="true">
            {platformName.slice(0, 1)}
          </span>
          {!collapsed && <span className="console-logo-text">{platformName}</span>}
        </div>
      )}
      <Menu
        mode="inline"
        theme="dark"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={[pathname]}
        {...(collapsed ? {} : { openKeys: opened, onOpenChange: setOpened })}
        onClick={({ key }) => {
          // On a phone the drawer gives way to the page chosen, even the one already shown.
          if (useAppStore.getState().device === 'mobile') useAppStore.getState().closeSidebar();
          void navigate(key);
        }}
      />
    </nav>
  );
}
