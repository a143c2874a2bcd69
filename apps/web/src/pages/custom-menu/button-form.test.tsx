import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ButtonForm } from './button-form';
import { type Draft, type Picked, draftErrors, fromButtons, updateButton } from './menu-draft';

function Harness({ initial, picked }: { initial: Draft; picked: Picked }) {
  const [draft, setDraft] = useState(initial);
  const button = picked.sub === null ? draft[picked.top]! : draft[picked.top]!.subs[picked.sub]!;
  return (
    <ButtonForm
      picked={picked}
      button={button}
      errors={draftErrors(draft)}
      onChange={(patch) => setDraft(updateButton(draft, picked, patch))}
    />
  );
}

describe('ButtonForm', () => {
  afterEach(cleanup);

  it('counts the name in bytes against 16 for a top-level button and shows the server’s message past it', () => {
    render(
      <Harness initial={fromButtons([{ name: '会员', type: 'click', key: 'K' }])} picked={{ top: 0, sub: null }} />,
    );
    expect(screen.getByTestId('menu-name-bytes').textContent).toBe('6/16 字节');
    fireEvent.change(screen.getByLabelText('菜单名称'), { target: { value: '会员中心首' } });
    expect(screen.getByTestId('menu-name-bytes').textContent).toBe('15/16 字节');
    // Within the bytes, but wider than WeChat shows: a warning, not an error.
    expect(screen.getByText(/超出部分显示为/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('菜单名称'), { target: { value: '会员中心首页' } });
    expect(screen.getByTestId('menu-name-bytes').textContent).toBe('18/16 字节');
    expect(screen.getByTestId('menu-name-bytes').classList.contains('menu-bytes-over')).toBe(true);
    expect(screen.getByText(/一级菜单名称最多 16 字节/)).toBeTruthy();
  });

  it('a sub-button allows 60 bytes, and each action type asks for its own fields', () => {
    const draft = fromButtons([{ name: '服务', subButtons: [{ name: '预约', type: 'click', key: 'BOOK' }] }]);
    render(<Harness initial={draft} picked={{ top: 0, sub: 0 }} />);
    expect(screen.getByTestId('menu-name-bytes').textContent).toBe('6/60 字节');
    fireEvent.click(screen.getByLabelText('打开小程序'));
    expect(screen.getByLabelText('小程序 AppID')).toBeTruthy();
    expect(screen.getByText('小程序 AppID 为 wx 开头的 18 位字符')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('跳转网页'));
    expect(screen.getByLabelText('网页链接')).toBeTruthy();
    expect(screen.queryByLabelText('小程序 AppID')).toBeNull();
  });

  it('a top-level button with sub-buttons has no action of its own', () => {
    const draft = fromButtons([{ name: '服务', subButtons: [{ name: '预约', type: 'click', key: 'BOOK' }] }]);
    render(<Harness initial={draft} picked={{ top: 0, sub: null }} />);
    expect(screen.getByText(/已有子菜单/)).toBeTruthy();
    expect(screen.queryByText('菜单动作')).toBeNull();
  });
});
