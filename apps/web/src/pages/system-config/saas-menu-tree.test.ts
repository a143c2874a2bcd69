import type { SaasMenu } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { branchIds, buildMenuRows, filterMenuRows, isBuiltIn, parentOptions } from './saas-menu-tree';

const menu = (id: string, parentId: string | null, sort: number, over: Partial<SaasMenu> = {}): SaasMenu => ({
  id,
  version: 1,
  parentId,
  url: `code${id}`,
  title: `菜单${id}`,
  icon: '',
  path: `/p${id}`,
  sort,
  hidden: 0,
  kind: 2,
  scope: 'platform',
  ...over,
});

const rows = [
  menu('5', '1', 2, { kind: 3, title: '导出', url: 'store.export', path: '' }),
  menu('1', null, 2, { kind: 1, title: '门店' }),
  menu('2', null, 1, { kind: 1, title: '用户' }),
  menu('3', '1', 1, { title: '门店列表' }),
  menu('4', '9', 1, { title: '孤儿' }),
];

describe('menu catalogue tree', () => {
  it('nests rows under their parents in sort order; an orphan stays visible at the top', () => {
    const tree = buildMenuRows(rows);
    expect(tree.map((row) => row.id)).toEqual(['2', '4', '1']);
    expect(tree[2]?.children?.map((row) => row.id)).toEqual(['3', '5']);
    expect(tree[0]?.children).toBeUndefined();
    expect(branchIds(tree)).toEqual(['1']);
  });

  it('filters by title, code or path, keeping ancestors and subtrees', () => {
    const tree = buildMenuRows(rows);
    expect(filterMenuRows(tree, 'store.EXPORT').map((row) => [row.id, row.children?.map((c) => c.id)])).toEqual([
      ['1', ['5']],
    ]);
    expect(filterMenuRows(tree, '门店').map((row) => row.id)).toEqual(['1']);
    expect(filterMenuRows(tree, '门店')[0]?.children).toHaveLength(2);
    expect(filterMenuRows(tree, '  ')).toHaveLength(3);
  });

  it('offers directories and pages as parents, never actions', () => {
    const options = parentOptions(buildMenuRows(rows));
    expect(JSON.stringify(options)).not.toContain('"5"');
    expect(options.find((option) => option.value === '1')?.children?.map((c) => c.value)).toEqual(['3']);
  });

  it('knows the entries the code catalogue declares, per scope', () => {
    expect(isBuiltIn({ scope: 'platform', url: 'agentMgt' })).toBe(true);
    expect(isBuiltIn({ scope: 'platform', url: 'agent.freeze' })).toBe(true);
    expect(isBuiltIn({ scope: 'agent', url: 'agentMgt' })).toBe(false);
    expect(isBuiltIn({ scope: 'platform', url: 'myOwnPage' })).toBe(false);
  });
});
