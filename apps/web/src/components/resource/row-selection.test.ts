import { describe, expect, it, vi } from 'vitest';
import { RowSelection } from './row-selection';

const page = (...ids: number[]) => ids.map((id) => ({ id: String(id), name: `行${id}` }));
const ids = (selection: RowSelection) => selection.rows().map((row) => row.id);

describe('row selection', () => {
  it('ticks the whole page from the header, and unticks it when all of it was ticked', () => {
    const selection = new RowSelection();
    expect(selection.pageState()).toBe('empty');
    selection.show(page(1, 2, 3));
    expect(selection.pageState()).toBe('none');
    selection.set(page(2)[0]!, true, false);
    expect(selection.pageState()).toBe('some');
    selection.togglePage();
    expect(selection.pageState()).toBe('all');
    expect(ids(selection).sort()).toEqual(['1', '2', '3']);
    selection.togglePage();
    expect(selection.pageState()).toBe('none');
    expect(selection.size).toBe(0);
  });

  it('ticks a range with shift, from the row ticked last', () => {
    const selection = new RowSelection();
    const rows = page(1, 2, 3, 4, 5, 6);
    selection.show(rows);
    selection.set(rows[1]!, true, false);
    selection.set(rows[4]!, true, true);
    expect(ids(selection).sort()).toEqual(['2', '3', '4', '5']);
    // Unticking forgets the start: the next shift-click is a single row.
    selection.set(rows[2]!, false, false);
    selection.set(rows[5]!, true, true);
    expect(ids(selection).sort()).toEqual(['2', '4', '5', '6']);
  });

  it('keeps, across a new page, only the ticked rows still shown, with their fresh records', () => {
    const selection = new RowSelection();
    selection.show(page(1, 2, 3));
    selection.togglePage();
    const fresh = { id: '2', name: '改过的行2' };
    selection.show([fresh, ...page(4)]);
    expect(selection.rows()).toEqual([fresh]);
    expect(selection.pageState()).toBe('some');
    selection.show(page(5, 6));
    expect(selection.size).toBe(0);
  });

  it('tells its subscribers of every change, and stops when they leave', () => {
    const selection = new RowSelection();
    const listener = vi.fn();
    const leave = selection.subscribe(listener);
    selection.show(page(1, 2));
    selection.set(page(1)[0]!, true, false);
    selection.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    // Clearing what is already empty changes nothing.
    selection.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    leave();
    selection.togglePage();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
