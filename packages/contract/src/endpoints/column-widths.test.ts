import { describe, expect, it } from 'vitest';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN, tablePrefs } from './user-prefs.js';
import { savedViewState } from './saved-views.js';

const prefs = { hidden: [], order: ['name'], density: 'middle' };
const view = { filters: {}, size: 20, columns: { order: [], hidden: [] } };

describe('column widths in table prefs and saved views', () => {
  it('reads a value stored before widths existed as no widths', () => {
    expect(tablePrefs.parse(prefs).widths).toEqual({});
    expect(savedViewState.parse(view).columns.widths).toEqual({});
  });

  it('keeps widths within the bounds', () => {
    const widths = { name: COLUMN_WIDTH_MIN, remark: COLUMN_WIDTH_MAX };
    expect(tablePrefs.parse({ ...prefs, widths }).widths).toEqual(widths);
    expect(savedViewState.parse({ ...view, columns: { ...view.columns, widths } }).columns.widths).toEqual(widths);
  });

  it('refuses a width out of bounds, a fractional width and too many entries', () => {
    const many = Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`c${i}`, 100]));
    const sixty = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`c${i}`, 100]));
    for (const widths of [{ name: COLUMN_WIDTH_MIN - 1 }, { name: COLUMN_WIDTH_MAX + 1 }, { name: 120.5 }, many]) {
      expect(tablePrefs.safeParse({ ...prefs, widths }).success, JSON.stringify(widths).slice(0, 40)).toBe(false);
      expect(savedViewState.safeParse({ ...view, columns: { ...view.columns, widths } }).success).toBe(false);
    }
    expect(tablePrefs.safeParse({ ...prefs, widths: sixty }).success).toBe(true);
  });
});
