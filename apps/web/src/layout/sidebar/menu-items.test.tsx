import { describe, expect, it } from 'vitest';
import type { VisibleMenuNode } from '../screens';
import { ancestorsOf, menuItems } from './menu-items';

const node = (path: string, title: string, children: VisibleMenuNode[] = [], extra: Partial<VisibleMenuNode> = {}) => ({
  name: path.split('/').pop() ?? path,
  path,
  title,
  icon: '',
  hidden: false,
  children,
  ...extra,
});

const tree: VisibleMenuNode[] = [
  node('/storeManage', '门店管理', [node('/storeManage/storeManagement', '门店列表')], { icon: 'ShopOutlined' }),
  node(
    '/storeApplication',
    '开店审核',
    [
      node('/storeApplication/storeApplication', '开店申请'),
      node('/storeApplication/recycleStore', '门店回收站'),
      node('/storeApplication/secret', '隐藏页', [], { hidden: true }),
    ],
    { badge: 'pendingApplication', name: 'storeApplicationDir' },
  ),
];

type Plain = { key: string; label: unknown; children?: Plain[] };

describe('sidebar menu items', () => {
  it('shows a directory with one visible page as that page, and 首页 first', () => {
    const items = menuItems(tree, 0, true) as Plain[];
    expect(items.map((item) => item.key)).toEqual(['/dashboard', '/storeManage/storeManagement', '/storeApplication']);
    expect(items[1]?.label).toBe('门店列表');
    expect(items[1]?.children).toBeUndefined();
  });

  it('leaves hidden entries out and puts the pending count on the store-application entries', () => {
    const items = menuItems(tree, 7, false) as Plain[];
    const review = items.find((item) => item.key === '/storeApplication');
    expect(review?.children?.map((child) => child.key)).toEqual([
      '/storeApplication/storeApplication',
      '/storeApplication/recycleStore',
    ]);
    expect(JSON.stringify(review?.label)).toContain('7');
    expect(review?.children?.[1]?.label).toBe('门店回收站');
    expect(JSON.stringify(menuItems(tree, 0, false))).not.toContain('待审核');
  });

  it('finds the directories above a page', () => {
    expect(ancestorsOf(tree, '/storeApplication/recycleStore')).toEqual(['/storeApplication']);
    expect(ancestorsOf(tree, '/nowhere')).toEqual([]);
  });
});
