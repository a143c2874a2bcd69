import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Draft,
  type Picked,
  addSub,
  addTop,
  draftErrors,
  fromButtons,
  moveButton,
  removeButton,
} from './menu-draft';
import { MenuTreeEditor } from './menu-tree-editor';

const view = (name: string) => ({ name, type: 'view' as const, url: 'https://m.example.com' });

function Harness({ initial }: { initial: Draft }) {
  const [draft, setDraft] = useState(initial);
  const [picked, setPicked] = useState<Picked | null>(null);
  return (
    <MenuTreeEditor
      draft={draft}
      picked={picked}
      errors={draftErrors(draft)}
      onPick={setPicked}
      onAddTop={() => setDraft(addTop(draft))}
      onAddSub={(top) => setDraft(addSub(draft, top))}
      onRemove={(p) => setDraft(removeButton(draft, p))}
      onMove={(top, sub, to) => setDraft(moveButton(draft, top, sub, to))}
    />
  );
}

const names = () =>
  Array.from(document.querySelectorAll('.menu-tree-row.is-top .menu-tree-name > span:first-child')).map(
    (el) => el.textContent,
  );
const subNames = () =>
  Array.from(document.querySelectorAll('.menu-tree-row.is-sub .menu-tree-name > span:first-child')).map(
    (el) => el.textContent,
  );

/** A drag as the browser sends it: start on one row, over and drop on another. */
function drag(from: HTMLElement, to: HTMLElement) {
  const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
  fireEvent.dragStart(from, { dataTransfer });
  fireEvent.dragOver(to, { dataTransfer });
  fireEvent.drop(to, { dataTransfer });
  fireEvent.dragEnd(from, { dataTransfer });
}

describe('MenuTreeEditor', () => {
  afterEach(cleanup);

  it('adds up to 3 top-level buttons and 5 sub-buttons, then disables the add buttons', () => {
    render(<Harness initial={[]} />);
    const addTopButton = screen.getByRole('button', { name: /添加一级菜单/ });
    for (let i = 0; i < 3; i += 1) fireEvent.click(addTopButton);
    expect(names()).toHaveLength(3);
    expect(screen.getByRole('button', { name: /添加一级菜单（3\/3）/ }).closest('button')?.disabled).toBe(true);
    const addSubButton = screen.getAllByRole('button', { name: /添加子菜单/ })[0]!;
    for (let i = 0; i < 5; i += 1) fireEvent.click(addSubButton);
    expect(subNames()).toHaveLength(5);
    expect(screen.getAllByRole('button', { name: /添加子菜单/ })[0]?.closest('button')?.disabled).toBe(true);
  });

  it('reorders with the ↑ ↓ buttons (keyboard users), the first and last ends disabled', () => {
    render(<Harness initial={fromButtons([view('甲'), view('乙'), view('丙')])} />);
    expect(screen.getByRole('button', { name: '上移一级菜单「甲」' }).closest('button')?.disabled).toBe(true);
    expect(screen.getByRole('button', { name: '下移一级菜单「丙」' }).closest('button')?.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '下移一级菜单「甲」' }));
    expect(names()).toEqual(['乙', '甲', '丙']);
    fireEvent.click(screen.getByRole('button', { name: '上移一级菜单「丙」' }));
    expect(names()).toEqual(['乙', '丙', '甲']);
  });

  it('reorders by dragging among siblings only: a sub-button never lands among the top level', () => {
    render(
      <Harness initial={fromButtons([view('甲'), { name: '乙', subButtons: [view('一'), view('二')] }, view('丙')])} />,
    );
    drag(screen.getByTestId('menu-row-2'), screen.getByTestId('menu-row-0'));
    expect(names()).toEqual(['丙', '甲', '乙']);
    drag(screen.getByTestId('menu-row-2.subButtons.1'), screen.getByTestId('menu-row-2.subButtons.0'));
    expect(subNames()).toEqual(['二', '一']);
    drag(screen.getByTestId('menu-row-2.subButtons.0'), screen.getByTestId('menu-row-0'));
    expect(names()).toEqual(['丙', '甲', '乙']);
    expect(subNames()).toEqual(['二', '一']);
  });

  it('marks a button that breaks a rule, and asks before removing', async () => {
    render(<Harness initial={fromButtons([view('会员中心首页'), view('乙')])} />);
    const row = screen.getByTestId('menu-row-0');
    expect(within(row).getByText('待修正')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除一级菜单「乙」' }));
    expect(names()).toEqual(['会员中心首页', '乙']);
    // antd spaces a two-character button label: 删 除.
    fireEvent.click(await screen.findByRole('button', { name: /^删 ?除$/ }));
    expect(names()).toEqual(['会员中心首页']);
  });
});
