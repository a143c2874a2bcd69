import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ColumnSettings } from './column-settings';
import type { WebField } from './define-web-resource';
import type { TablePrefs } from './table-prefs';

const column = (name: string, label: string): WebField<unknown> => ({
  name,
  label,
  kind: 'text',
  required: false,
  nullable: false,
  schema: z.string(),
});
const columns = [column('name', '名称'), column('price', '价格'), column('status', '状态')];
const prefs: TablePrefs = { hidden: [], order: [], widths: {}, density: 'middle' };

/** Drags one row of the list onto another, as the browser's HTML5 drag and drop reports it. */
function drag(from: string, onto: string) {
  const row = (name: string) => document.querySelector(`[data-column="${name}"]`)!;
  const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
  fireEvent.dragStart(row(from), { dataTransfer });
  fireEvent.dragOver(row(onto), { dataTransfer });
  fireEvent.drop(row(onto), { dataTransfer });
  fireEvent.dragEnd(row(from), { dataTransfer });
}

describe('column settings', () => {
  afterEach(cleanup);

  it('reorders by dragging a column onto another, listing every column in the new order', () => {
    const onPrefs = vi.fn();
    render(<ColumnSettings columns={columns} prefs={prefs} onPrefs={onPrefs} onReset={() => undefined} />);
    drag('status', 'name');
    expect(onPrefs).toHaveBeenLastCalledWith({ ...prefs, order: ['status', 'name', 'price'] });
  });

  it('shows the saved order, keeps the last visible column, and moves with the arrows within bounds', () => {
    const onPrefs = vi.fn();
    render(
      <ColumnSettings
        columns={columns}
        prefs={{ hidden: ['name', 'status'], order: ['price'], widths: {}, density: 'small' }}
        onPrefs={onPrefs}
        onReset={() => undefined}
      />,
    );
    const labels = [...document.querySelectorAll('[data-column]')].map((row) => row.textContent);
    expect(labels).toEqual(['价格', '名称', '状态']);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '价格' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '上移 价格' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '下移 价格' }));
    expect(onPrefs).toHaveBeenLastCalledWith({
      hidden: ['name', 'status'],
      order: ['name', 'price', 'status'],
      widths: {},
      density: 'small',
    });
  });
});
