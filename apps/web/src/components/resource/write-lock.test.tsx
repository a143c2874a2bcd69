import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useViewAs } from '../../stores/view-as';
import { viewAsSession } from '../../stores/view-as.testing';
import type { RowAction } from './define-web-resource';
import { RowActions } from './row-actions';
import type { ListRow } from './use-list-actions';
import { READ_ONLY_TIP, isReadPermission } from './write-lock';

const row: ListRow = { id: '7', name: '蜀联一店' };

function renderRow(run = vi.fn(() => Promise.resolve())) {
  const actions: RowAction<ListRow>[] = [{ key: 'approve', label: '审核', permission: 'store.approve', run }];
  const onEdit = vi.fn();
  render(
    <App>
      <RowActions row={row} actions={actions} canView canEdit onView={vi.fn()} onEdit={onEdit} onDone={vi.fn()} />
    </App>,
  );
  return { run, onEdit };
}

const button = (label: string) =>
  screen.getByRole<HTMLButtonElement>('button', { name: new RegExp(`^${[...label].join('\\s*')}$`) });

describe('write buttons in a read-only 以服务商身份查看 tab', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    useViewAs.setState({ active: false, session: null, ended: false });
  });

  it('are disabled with the tooltip 只读查看中; reads stay', async () => {
    useViewAs.setState({ active: true, session: viewAsSession('read'), ended: false });
    const { run, onEdit } = renderRow();
    expect(button('查看').disabled).toBe(false);
    expect(button('编辑').disabled).toBe(true);
    expect(button('审核').disabled).toBe(true);
    fireEvent.click(button('审核'));
    expect(run).not.toHaveBeenCalled();
    expect(onEdit).not.toHaveBeenCalled();
    const wrapper = button('编辑').closest('.write-locked');
    expect(wrapper?.getAttribute('data-locked')).toBe(READ_ONLY_TIP);
    if (wrapper) fireEvent.mouseEnter(wrapper);
    expect(await screen.findByText(READ_ONLY_TIP)).toBeTruthy();
  });

  it('stay enabled in write mode and outside a view', () => {
    useViewAs.setState({ active: true, session: viewAsSession('write'), ended: false });
    renderRow();
    expect(button('编辑').disabled).toBe(false);
    cleanup();
    useViewAs.setState({ active: false, session: null });
    renderRow();
    expect(button('审核').disabled).toBe(false);
  });

  it('leave a row action whose endpoint only reads enabled (a live 查询IP under a query permission)', () => {
    useViewAs.setState({ active: true, session: viewAsSession('read'), ended: false });
    const query = vi.fn(() => Promise.resolve());
    const actions: RowAction<ListRow>[] = [
      { key: 'queryIp', label: '查询IP', permission: 'gatewayDevice.query', reads: true, run: query },
      { key: 'restart', label: '重启', permission: 'gatewayDevice.query', run: vi.fn(() => Promise.resolve()) },
    ];
    render(
      <App>
        <RowActions
          row={row}
          actions={actions}
          canView={false}
          canEdit={false}
          onView={vi.fn()}
          onEdit={vi.fn()}
          onDone={vi.fn()}
        />
      </App>,
    );
    expect(button('重启').disabled).toBe(true);
    fireEvent.click(button('查询IP'));
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('count lists and details as reads; an export creates a task, a write', () => {
    expect(['store.page', 'store.get', 'agentMenu.view'].every(isReadPermission)).toBe(true);
    expect(['store.update', 'store.approve', 'enterprise.create', 'store.export'].some(isReadPermission)).toBe(false);
  });
});
