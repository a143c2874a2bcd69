import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RowAction } from './define-web-resource';
import { RowActions } from './row-actions';
import type { ListRow } from './use-list-actions';

const row: ListRow = { id: '7', name: '网关7', online: false };

function action(key: string, label: string, extra: Partial<RowAction<ListRow>> = {}): RowAction<ListRow> {
  return { key, label, permission: `${key}.code`, run: vi.fn(() => Promise.resolve()), ...extra };
}

function renderRow(actions: RowAction<ListRow>[], extra: { order?: string[]; shown?: number } = {}) {
  const onView = vi.fn();
  const onDone = vi.fn();
  render(
    <App>
      <RowActions
        row={row}
        actions={actions}
        canView
        canEdit
        onView={onView}
        onEdit={() => undefined}
        onDone={onDone}
        {...extra}
      />
    </App>,
  );
  return { onView, onDone };
}

// antd puts a space between two Chinese characters of a button: match the label either way.
const loose = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);
const buttons = () => screen.getAllByRole('button').map((button) => button.textContent?.replace(/\s/g, ''));
const openMore = async () => {
  fireEvent.click(screen.getByRole('button', { name: '更多' }));
  return screen.findByRole('menu');
};
const menuLabels = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('a row’s 操作 cell', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('shows every operation when they fit in three, and no 更多', () => {
    renderRow([action('delete', '删除', { danger: true, confirm: () => '确定删除吗？' })]);
    expect(buttons()).toEqual(['查看', '编辑', '删除']);
    expect(screen.queryByRole('button', { name: '更多' })).toBeNull();
  });

  it('shows three, 查看 and 编辑 first, and puts the rest under 更多 with 删除 last', async () => {
    renderRow([
      action('delete', '删除', { danger: true, confirm: () => '确定删除吗？' }),
      action('restart', '重启'),
      action('queryIp', '查询IP'),
      action('ban', '加入黑名单'),
    ]);
    expect(buttons()).toEqual(['查看', '编辑', '重启', '更多']);
    expect(menuLabels(await openMore())).toEqual(['查询IP', '加入黑名单', '删除']);
  });

  it('shows the resource’s most used operations first, in its order', async () => {
    renderRow([action('restart', '重启'), action('queryIp', '查询IP'), action('status', '通讯状态')], {
      order: ['view', 'status', 'queryIp'],
    });
    expect(buttons()).toEqual(['查看', '通讯状态', '查询IP', '更多']);
    expect(menuLabels(await openMore())).toEqual(['编辑', '重启']);
  });

  it('leaves out the operations a row does not offer before counting three', () => {
    renderRow([action('restart', '重启', { visible: (r) => r.online === true }), action('key', '设备密钥')]);
    expect(buttons()).toEqual(['查看', '编辑', '设备密钥']);
  });

  it('shows fewer buttons where it is told to (a phone), the rest under 更多', async () => {
    renderRow([action('restart', '重启')], { shown: 2 });
    expect(buttons()).toEqual(['查看', '编辑', '更多']);
    expect(menuLabels(await openMore())).toEqual(['重启']);
  });

  it('runs a plain operation under 更多 at once, and reloads the list after it', async () => {
    const ban = action('ban', '加入黑名单');
    const { onDone } = renderRow([action('a', '甲'), action('b', '乙'), ban]);
    fireEvent.click(within(await openMore()).getByRole('menuitem', { name: '加入黑名单' }));
    await waitFor(() => expect(ban.run).toHaveBeenCalledWith(row));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('asks in a dialog before an operation under 更多 that needs confirming, and runs it only on 确定', async () => {
    const remove = action('delete', '删除', { danger: true, confirm: (r) => `确定删除「${String(r.name)}」吗？` });
    renderRow([action('a', '甲'), action('b', '乙'), remove]);
    fireEvent.click(within(await openMore()).getByRole('menuitem', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定删除「网关7」吗？');
    expect(remove.run).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: loose('取消') }));
    expect(remove.run).not.toHaveBeenCalled();

    fireEvent.click(within(await openMore()).getByRole('menuitem', { name: '删除' }));
    // The cancelled dialog may still be animating out: the new one is the last.
    const again = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.click(within(again).getByRole('button', { name: loose('确定') }));
    await waitFor(() => expect(remove.run).toHaveBeenCalledWith(row));
  });
});
