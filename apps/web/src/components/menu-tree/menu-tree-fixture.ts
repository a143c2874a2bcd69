import type { MenuTreeNode } from '@console/contract';

const node = (id: string, kind: 1 | 2 | 3, title: string, children: MenuTreeNode[] = []): MenuTreeNode => ({
  id,
  url: `code${id}`,
  title,
  icon: '',
  path: kind === 3 ? '' : `/p${id}`,
  kind,
  hidden: false,
  children,
});

/**
 * A small catalogue for the tests:
 * 1 目录 ─ 2 页面 ─ 3, 4 操作;  1 ─ 5 页面 (no actions);  6 目录 ─ 7 页面 ─ 8 操作
 */
export const catalogue: MenuTreeNode[] = [
  node('1', 1, '企业管理', [
    node('2', 2, '企业列表', [node('3', 3, '新增'), node('4', 3, '删除')]),
    node('5', 2, '门店'),
  ]),
  node('6', 1, '日志', [node('7', 2, '操作日志', [node('8', 3, '查看')])]),
];
