import type { SavedView } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useViewAs } from '../../stores/view-as';
import { SavedViewsButton } from './saved-views-button';
import { SavedViewsMenu } from './saved-views-menu';
import { SavedViewsTrigger } from './saved-views-trigger';
import type { SavedViewsControl } from './use-saved-views';
import { READ_ONLY_TIP } from './write-lock';

const view = (patch: Partial<SavedView>): SavedView => ({
  id: '1',
  listKey: 'store',
  name: '视图',
  state: { filters: {}, size: 20, columns: { order: [], hidden: [], widths: {} } },
  unavailable: [],
  share: 'private',
  roleId: null,
  mine: true,
  ownerName: '我',
  isDefault: false,
  version: 1,
  updatedAt: '2026-12-02T08:00:00.000Z',
  ...patch,
});

function controlOf(views: SavedView[]): SavedViewsControl {
  return {
    views,
    loading: false,
    activeId: null,
    apply: vi.fn(),
    saveAs: vi.fn(() => Promise.resolve()),
    update: vi.fn(() => Promise.resolve()),
    setDefault: vi.fn(() => Promise.resolve()),
    remove: vi.fn(() => Promise.resolve()),
    capture: vi.fn(() => ({ filters: {}, size: 20, columns: { order: [], hidden: [], widths: {} } })),
  };
}

function renderMenu(control: SavedViewsControl) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <SavedViewsMenu control={control} />
      </App>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /视图/ }));
}

const actionsOf = async (name: string) => {
  fireEvent.click(screen.getByRole('button', { name: `视图「${name}」的操作` }));
  return screen.findByRole('menu');
};

const dialogWith = async (text: string) => {
  await screen.findAllByText(new RegExp(text));
  const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(text));
  if (!found) throw new Error(`no dialog says ${text}`);
  return found;
};

describe('SavedViewsMenu (视图 beside a list’s filters)', { timeout: 30_000 }, () => {
  beforeEach(() => useSession.setState({ adminType: 1, permissions: new Set() }));
  afterEach(cleanup);

  it('lists mine and those shared with me apart, and applies one on a click', async () => {
    const control = controlOf([
      view({ id: '1', name: '我的待审核', isDefault: true }),
      view({ id: '2', name: '管理员共享', mine: false, share: 'provider', ownerName: '服务商管理员' }),
      view({ id: '3', name: '引用别家', mine: false, share: 'provider', unavailable: ['enterpriseId'] }),
    ]);
    renderMenu(control);
    const mine = await screen.findByRole('list', { name: '我的视图' });
    expect(within(mine).getByText('我的待审核')).toBeTruthy();
    expect(within(mine).getByLabelText('默认视图')).toBeTruthy();
    const shared = screen.getByRole('list', { name: '共享给我的' });
    expect(within(shared).getByText('服务商管理员')).toBeTruthy();
    expect(within(shared).getByText('部分条件不可用')).toBeTruthy();
    fireEvent.click(within(shared).getByRole('button', { name: '管理员共享' }));
    expect(control.apply).toHaveBeenCalledWith(expect.objectContaining({ id: '2' }));
  });

  it('paints the button alone, and opens the menu from the first click once its code is in', async () => {
    const control = controlOf([view({ id: '1', name: '我的待审核' })]);
    control.activeId = '1';
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <SavedViewsButton control={control} />
        </App>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('list', { name: '我的视图' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /视图：我的待审核/ }));
    const mine = await screen.findByRole('list', { name: '我的视图' });
    expect(within(mine).getByText('我的待审核')).toBeTruthy();
  });

  it('hands the popover’s ref to the button, which the popover aligns to (else it opens off-screen)', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<SavedViewsTrigger ref={ref} active={undefined} />);
    expect(ref.current).toBe(screen.getByRole('button', { name: /视图/ }));
  });

  it('offers edits only on my own views; a shared one can still be my default', async () => {
    const control = controlOf([view({ id: '2', name: '别人的', mine: false, share: 'provider' })]);
    renderMenu(control);
    const menu = await actionsOf('别人的');
    expect(within(menu).queryByText('删除')).toBeNull();
    expect(within(menu).queryByText('重命名 / 共享')).toBeNull();
    fireEvent.click(within(menu).getByText('设为默认'));
    await waitFor(() => expect(control.setDefault).toHaveBeenCalledWith(expect.objectContaining({ id: '2' })));
  });

  it('deletes only after the confirmation', async () => {
    const control = controlOf([view({ id: '1', name: '旧视图', share: 'provider' })]);
    renderMenu(control);
    fireEvent.click(within(await actionsOf('旧视图')).getByText('删除'));
    const dialog = await dialogWith('确定删除视图「旧视图」吗？');
    expect(dialog.textContent).toContain('他们也将看不到它');
    expect(control.remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(control.remove).toHaveBeenCalledWith(expect.objectContaining({ id: '1' })));
  });

  it('saves the list as a new view, shared with the provider’s staff when its admin says so', async () => {
    const control = controlOf([]);
    renderMenu(control);
    expect(await screen.findByText('还没有视图')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保存当前为视图/ }));
    const dialog = await dialogWith('保存当前的筛选条件');
    fireEvent.change(within(dialog).getByLabelText('视图名称'), { target: { value: '  本月到期  ' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '共享范围' }));
    fireEvent.click(await screen.findByTitle('共享给本服务商员工'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(control.saveAs).toHaveBeenCalledWith({ name: '本月到期', share: 'provider', roleId: null }),
    );
  });

  it('in a read-only 以服务商身份查看 tab applies views and copies links, but changes none', async () => {
    useViewAs.setState({ active: true, session: null, ended: false });
    try {
      const control = controlOf([view({ id: '1', name: '我的待审核' })]);
      renderMenu(control);
      const save = await screen.findByRole<HTMLButtonElement>('button', { name: /保存当前为视图/ });
      expect(save.disabled).toBe(true);
      expect(save.closest('.write-locked')?.getAttribute('data-locked')).toBe(READ_ONLY_TIP);
      const menu = await actionsOf('我的待审核');
      const item = (name: string) => within(menu).getByRole('menuitem', { name });
      for (const name of ['重命名 / 共享', '用当前列表更新', '设为默认', '删除'])
        expect(item(name).getAttribute('aria-disabled')).toBe('true');
      expect(item('复制链接').getAttribute('aria-disabled')).not.toBe('true');
      fireEvent.click(item('设为默认'));
      expect(control.setDefault).not.toHaveBeenCalled();
      fireEvent.click(screen.getByTitle('应用视图「我的待审核」'));
      expect(control.apply).toHaveBeenCalled();
    } finally {
      useViewAs.setState({ active: false, session: null, ended: false });
    }
  });
});
