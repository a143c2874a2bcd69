import type { MenuTreeNode } from '@console/contract';
import { Button, Empty, Input, Space, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useMemo, useState } from 'react';
import { menuIcons } from '../icons/menu-icons';
import { type MenuIndex, checkState, filterMenus, indexMenus, sortGrants, toggleGrant } from './menu-grants';
import './menu-tree.css';

export interface MenuTreePickerProps {
  /** The catalogue to choose from (e.g. `/saasRole/getMenu`, `/agentMenu/getMenu`). */
  catalogue: readonly MenuTreeNode[];
  /** Granted entry ids. */
  value: readonly string[];
  /** Granted entry ids in catalogue order, every granted page with its directories. */
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}

const kindTags: Record<MenuTreeNode['kind'], ReactNode> = {
  1: null,
  2: null,
  3: (
    <Tag className="menu-tree-kind" color="blue">
      操作
    </Tag>
  ),
};

/**
 * The entry's name only: route and permission codes (businessManage, agent.page) mean nothing to an
 * operator (issue 28). The code stays on the element for tests that must tell same-named entries apart.
 */
function nodeTitle(node: MenuTreeNode): ReactNode {
  const Icon = node.icon ? menuIcons[node.icon] : undefined;
  return (
    <span className="menu-tree-title" data-code={node.url}>
      {Icon && <Icon />}
      <span>{node.title}</span>
      {kindTags[node.kind]}
    </span>
  );
}

/** Granted screens of all screens: what an operator ticks; directories and button entries come with them. */
function pageCount(index: MenuIndex, granted: readonly string[]): { granted: number; total: number } {
  const isPage = (id: string) => index.nodes.get(id)?.kind === 2;
  return { granted: granted.filter(isPage).length, total: index.order.filter(isPage).length };
}

function toDataNodes(list: readonly MenuTreeNode[]): DataNode[] {
  return list.map((node) => ({
    key: node.id,
    title: nodeTitle(node),
    isLeaf: node.children.length === 0,
    children: toDataNodes(node.children),
  }));
}

function branchIds(list: readonly MenuTreeNode[], out: string[] = []): string[] {
  for (const node of list) {
    if (node.children.length > 0) {
      out.push(node.id);
      branchIds(node.children, out);
    }
  }
  return out;
}

/**
 * Menu grants chosen on the catalogue tree: ticking a directory or page takes everything under
 * it, action entries are the leaves, and a partly granted entry shows half-ticked. The tree runs
 * in antd's strict mode with the cascade done here, so what is shown is exactly the grant set
 * (a page granted without its actions stays granted; see `toggleGrant`).
 */
export function MenuTreePicker({ catalogue, value, onChange, disabled }: MenuTreePickerProps) {
  const index = useMemo(() => indexMenus(catalogue), [catalogue]);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterMenus(catalogue, search), [catalogue, search]);
  const treeData = useMemo(() => toDataNodes(shown), [shown]);
  const [expanded, setExpanded] = useState<string[]>(() => catalogue.map((node) => node.id));
  const state = useMemo(() => checkState(index, value), [index, value]);
  const pages = pageCount(index, sortGrants(index, value));
  // While searching every match is opened; otherwise the operator's own choice.
  const expandedKeys = search.trim() ? branchIds(shown) : expanded;

  return (
    <div className="menu-tree-picker">
      <Space wrap className="menu-tree-toolbar">
        <Input.Search
          allowClear
          placeholder="搜索菜单名称"
          aria-label="搜索菜单"
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 220 }}
        />
        <Button size="small" disabled={disabled} onClick={() => onChange(index.order.slice())}>
          全选
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange([])}>
          清空
        </Button>
        <Button size="small" onClick={() => setExpanded(branchIds(catalogue))}>
          展开全部
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          收起全部
        </Button>
        <Typography.Text type="secondary">
          已选 {pages.granted} / {pages.total} 个页面
        </Typography.Text>
      </Space>
      {treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? '没有匹配的菜单' : '暂无菜单'} />
      ) : (
        // Bounded, so what the form says under the tree (请至少选择一项菜单权限) stays near its top.
        <div className="menu-tree-scroll">
          <Tree
            checkable
            checkStrictly
            selectable={false}
            blockNode
            disabled={disabled}
            treeData={treeData}
            checkedKeys={state}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onCheck={(_keys, info) => onChange(toggleGrant(index, value, String(info.node.key), info.checked))}
          />
        </div>
      )}
    </div>
  );
}

/** A granted tree shown read-only (a detail drawer): the same titles, every level open. */
export function MenuTreeView({ tree }: { tree: readonly MenuTreeNode[] }) {
  const treeData = useMemo(() => toDataNodes(tree), [tree]);
  if (treeData.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有菜单权限" />;
  return <Tree selectable={false} blockNode defaultExpandAll treeData={treeData} />;
}
