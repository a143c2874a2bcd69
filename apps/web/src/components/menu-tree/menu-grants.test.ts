import { describe, expect, it } from 'vitest';
import { checkState, filterMenus, grantedTree, idsOfTree, indexMenus, toggleGrant } from './menu-grants';
import { catalogue } from './menu-tree-fixture';

const index = indexMenus(catalogue);

describe('menu grants', () => {
  it('ticking a page takes its actions and its directory; the payload is in tree order', () => {
    expect(toggleGrant(index, [], '2', true)).toEqual(['1', '2', '3', '4']);
    expect(toggleGrant(index, ['7'], '1', true)).toEqual(['1', '2', '3', '4', '5', '7']);
  });

  it('ticking an action grants its page and directory', () => {
    expect(toggleGrant(index, [], '8', true)).toEqual(['6', '7', '8']);
  });

  it('unticking a directory removes everything below it', () => {
    expect(toggleGrant(index, ['1', '2', '3', '4', '5', '6', '7'], '1', false)).toEqual(['6', '7']);
  });

  it('unticking the last page of a directory removes the directory; the last action keeps its page', () => {
    expect(toggleGrant(index, ['6', '7', '8'], '7', false)).toEqual([]);
    expect(toggleGrant(index, ['6', '7', '8'], '8', false)).toEqual(['6', '7']);
    expect(toggleGrant(index, ['1', '2', '5'], '2', false)).toEqual(['1', '5']);
  });

  it('shows fully granted entries ticked and partly granted ones half-ticked', () => {
    expect(checkState(index, ['1', '2', '3', '6', '7'])).toEqual({
      checked: ['3'],
      halfChecked: ['1', '2', '6', '7'],
    });
    expect(checkState(index, ['6', '7', '8'])).toEqual({ checked: ['6', '7', '8'], halfChecked: [] });
  });

  it('drops ids the catalogue does not have', () => {
    expect(toggleGrant(index, ['99', '5'], '5', true)).toEqual(['1', '5']);
  });

  it('reads the ids of a permitted tree and filters by title or code with ancestors and subtree', () => {
    expect(idsOfTree(catalogue)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    const found = filterMenus(catalogue, '企业列表');
    expect(idsOfTree(found)).toEqual(['1', '2', '3', '4']);
    expect(idsOfTree(filterMenus(catalogue, 'CODE8'))).toEqual(['6', '7', '8']);
    expect(filterMenus(catalogue, '没有')).toEqual([]);
  });

  it('cuts the catalogue to a grant, keeping the directories above each granted entry', () => {
    expect(idsOfTree(grantedTree(catalogue, ['2', '3', '8']))).toEqual(['1', '2', '3', '6', '7', '8']);
    expect(grantedTree(catalogue, [])).toEqual([]);
  });
});
