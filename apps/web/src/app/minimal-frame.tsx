import { Layout, Menu, Skeleton, Typography } from 'antd';
import { Suspense, createElement, lazy } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type VisibleMenuNode, findScreen, screens, useVisibleMenuTree } from './screens';

const lazyScreens = new Map(screens.map((screen) => [screen.path, lazy(screen.load)]));

function items(nodes: VisibleMenuNode[]): { key: string; label: string; children?: ReturnType<typeof items> }[] {
  return nodes
    .filter((node) => !node.hidden)
    .map((node) => ({
      key: node.path,
      label: node.title,
      ...(node.children.length > 0 ? { children: items(node.children) } : {}),
    }));
}

/** A plain frame used only while the full shell (`layout/app-layout.tsx`) is not in the tree. */
export function MinimalFrame() {
  const location = useLocation();
  const navigate = useNavigate();
  const tree = useVisibleMenuTree();
  const screen = findScreen(location.pathname);
  const view = screen ? lazyScreens.get(screen.path) : undefined;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={210} theme="light">
        <nav aria-label="主菜单">
          <Menu
            mode="inline"
            selectedKeys={[location.pathname]}
            items={items(tree)}
            onClick={({ key }) => void navigate(key)}
          />
        </nav>
      </Layout.Sider>
      <Layout.Content style={{ padding: 24 }}>
        <Typography.Title level={4}>{screen?.title}</Typography.Title>
        <Suspense fallback={<Skeleton active />}>{view ? createElement(view) : null}</Suspense>
      </Layout.Content>
    </Layout>
  );
}
