import { Fragment, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { findScreen, useVisibleMenuTree, type VisibleMenuNode } from '../screens';
import { DASHBOARD_PATH } from '../sidebar/menu-items';
import '../../components/antd-markup.css';

function chainTo(nodes: VisibleMenuNode[], path: string): VisibleMenuNode[] {
  for (const node of nodes) {
    if (node.path === path) return [node];
    const below = chainTo(node.children, path);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/**
 * 首页 / directory / page, from the menu tree; screens outside the menu show their own title. antd's
 * Breadcrumb markup, styled by antd.css's classes without the component (its item dropdowns and
 * menus, ~2.5 KB gzip, were on every screen for plain links).
 */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const tree = useVisibleMenuTree();
  const items = useMemo(() => {
    const home = { key: DASHBOARD_PATH, title: <Link to={DASHBOARD_PATH}>首页</Link> };
    if (pathname === DASHBOARD_PATH) return [{ key: DASHBOARD_PATH, title: '首页' }];
    const chain = chainTo(tree, pathname);
    const trail = chain.length > 0 ? chain : [{ path: pathname, title: findScreen(pathname)?.title ?? '' }];
    return [
      home,
      ...trail
        .filter((node) => node.title)
        .map((node, index) => ({
          key: node.path,
          // Directories without a page of their own are not links.
          title:
            index < trail.length - 1 && 'redirect' in node && node.redirect ? (
              <Link to={node.redirect}>{node.title}</Link>
            ) : (
              node.title
            ),
        })),
    ];
  }, [pathname, tree]);
  return (
    <nav className="ant-breadcrumb console-breadcrumb console-markup-breadcrumb" aria-label="面包屑">
      <ol>
        {items.map((item, index) => (
          <Fragment key={item.key}>
            {index > 0 && (
              <li className="ant-breadcrumb-separator" aria-hidden="true">
                /
              </li>
            )}
            <li className="ant-breadcrumb-item">
              <span className="ant-breadcrumb-link">{item.title}</span>
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
