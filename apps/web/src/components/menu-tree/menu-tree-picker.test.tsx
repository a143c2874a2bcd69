import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogue } from './menu-tree-fixture';
import { MenuTreePicker } from './menu-tree-picker';

afterEach(cleanup);

/** A controlled picker that records every payload it hands out. */
function Harness({ initial, payloads }: { initial: string[]; payloads: string[][] }) {
  const [value, setValue] = useState(initial);
  return (
    <MenuTreePicker
      catalogue={catalogue}
      value={value}
      onChange={(ids) => {
        payloads.push(ids);
        setValue(ids);
      }}
    />
  );
}

function checkboxOf(title: string): HTMLElement {
  const row = screen.getByText(title).closest('.ant-tree-treenode');
  const box = row?.querySelector<HTMLElement>('.ant-tree-checkbox');
  if (!box) throw new Error(`no checkbox for ${title}`);
  return box;
}

const isChecked = (title: string) => checkboxOf(title).classList.contains('ant-tree-checkbox-checked');
const isHalf = (title: string) => checkboxOf(title).classList.contains('ant-tree-checkbox-indeterminate');

describe('MenuTreePicker', () => {
  it('shows granted entries ticked, partial ones half-ticked, and ticks a page with its actions', () => {
    const payloads: string[][] = [];
    render(<Harness initial={['6', '7']} payloads={payloads} />);
    expect(isHalf('日志')).toBe(true);
    expect(isHalf('操作日志')).toBe(true);
    expect(isChecked('企业列表')).toBe(false);

    fireEvent.click(checkboxOf('企业列表'));
    expect(payloads.at(-1)).toEqual(['1', '2', '3', '4', '6', '7']);
    expect(isChecked('企业列表')).toBe(true);
    expect(isHalf('企业管理')).toBe(true);

    // A half-ticked page ticks fully; ticking it again takes it away, and its empty directory too.
    fireEvent.click(checkboxOf('操作日志'));
    expect(payloads.at(-1)).toEqual(['1', '2', '3', '4', '6', '7', '8']);
    fireEvent.click(checkboxOf('操作日志'));
    expect(payloads.at(-1)).toEqual(['1', '2', '3', '4']);
  });

  it('selects all and clears, and counts the screens granted, not their directories and buttons', () => {
    const payloads: string[][] = [];
    render(<Harness initial={[]} payloads={payloads} />);
    expect(screen.getByText('已选 0 / 3 个页面')).toBeTruthy();
    fireEvent.click(checkboxOf('企业列表'));
    expect(payloads.at(-1)).toEqual(['1', '2', '3', '4']);
    expect(screen.getByText('已选 1 / 3 个页面')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /全\s*选/ }));
    expect(payloads.at(-1)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(screen.getByText('已选 3 / 3 个页面')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /清\s*空/ }));
    expect(payloads.at(-1)).toEqual([]);
  });

  it('shows names only, never the route or permission codes', () => {
    const { container } = render(<Harness initial={[]} payloads={[]} />);
    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));
    expect(screen.getByText('新增')).toBeTruthy();
    expect(container.textContent).not.toMatch(/code\d/);
  });

  it('search keeps the matches with their directories', () => {
    render(<Harness initial={[]} payloads={[]} />);
    fireEvent.change(screen.getByLabelText('搜索菜单'), { target: { value: '操作日志' } });
    expect(screen.getByText('操作日志')).toBeTruthy();
    expect(screen.getByText('日志')).toBeTruthy();
    expect(screen.queryByText('企业列表')).toBeNull();
  });
});
