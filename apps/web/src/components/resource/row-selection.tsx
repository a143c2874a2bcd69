import { Checkbox, type TableColumnType } from 'antd';
import { useSyncExternalStore } from 'react';
import type { ListRow } from './list-row';

type PageState = 'empty' | 'none' | 'some' | 'all';

/**
 * The rows ticked on a list page, held outside React state. antd's `rowSelection` is a prop of the
 * Table, so every tick re-rendered the whole table (header, all 50 rows and each cell's wrapper,
 * pagination) — ~130 ms of script per select-all on a 50-row page. Here a tick re-renders only
 * the checkboxes whose state changed, the header box and the batch buttons.
 */
export class RowSelection {
  private chosen = new Map<string, ListRow>();
  private page: readonly ListRow[] = [];
  private listeners = new Set<() => void>();
  // The last row ticked on, where a shift-click range starts (antd's rowSelection does the same).
  private anchor = -1;
  private state: PageState = 'empty';

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  has = (id: string) => this.chosen.has(id);
  get size() {
    return this.chosen.size;
  }
  rows = () => [...this.chosen.values()];
  pageState = () => this.state;

  /**
   * The page now shown: ticked rows that are no longer on it are let go (a batch action acts on
   * what the operator sees ticked), the others take their fresh record.
   */
  show(rows: readonly ListRow[]) {
    this.page = rows;
    this.anchor = -1;
    const kept = new Map<string, ListRow>();
    for (const row of rows) if (this.chosen.has(row.id)) kept.set(row.id, row);
    this.chosen = kept;
    this.emit();
  }

  /** Ticks or unticks one row; with shift, every row from the last one ticked to it. */
  set(row: ListRow, checked: boolean, range: boolean) {
    const at = this.page.findIndex((r) => r.id === row.id);
    const from = range && this.anchor >= 0 && at >= 0 ? Math.min(this.anchor, at) : at;
    const to = range && this.anchor >= 0 && at >= 0 ? Math.max(this.anchor, at) : at;
    const rows = from >= 0 ? this.page.slice(from, to + 1) : [row];
    for (const r of rows) {
      if (checked) this.chosen.set(r.id, r);
      else this.chosen.delete(r.id);
    }
    this.anchor = checked ? at : -1;
    this.emit();
  }

  /** The header box: ticks the whole page, or unticks it when all of it was ticked. */
  togglePage() {
    const all = this.state === 'all';
    for (const row of this.page) {
      if (all) this.chosen.delete(row.id);
      else this.chosen.set(row.id, row);
    }
    this.emit();
  }

  clear() {
    if (this.chosen.size === 0) return;
    this.chosen = new Map();
    this.emit();
  }

  private emit() {
    const ticked = this.page.filter((row) => this.chosen.has(row.id)).length;
    this.state =
      this.page.length === 0 ? 'empty' : ticked === 0 ? 'none' : ticked === this.page.length ? 'all' : 'some';
    for (const listener of this.listeners) listener();
  }
}

/** Re-renders the caller on every change of the selection; returns how many rows are ticked. */
export function useSelectedCount(selection: RowSelection): number {
  return useSyncExternalStore(selection.subscribe, () => selection.size);
}

function PageCheckbox({ selection }: { selection: RowSelection }) {
  const state = useSyncExternalStore(selection.subscribe, selection.pageState);
  return (
    <div className="ant-table-selection">
      <Checkbox
        aria-label="全选本页"
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={state === 'empty'}
        onChange={() => selection.togglePage()}
      />
    </div>
  );
}

function RowCheckbox({ selection, row }: { selection: RowSelection; row: ListRow }) {
  const checked = useSyncExternalStore(selection.subscribe, () => selection.has(row.id));
  return (
    <Checkbox
      aria-label="选择此行"
      checked={checked}
      onChange={(event) => selection.set(row, event.target.checked, event.nativeEvent.shiftKey)}
    />
  );
}

/**
 * The checkbox column, in antd's selection column's markup and classes (resource.css gives a
 * ticked row antd's selected background). Its cells subscribe to the selection themselves, so
 * the column and the table stay the same objects while rows are ticked.
 */
export function selectionColumn(selection: RowSelection): TableColumnType<ListRow> {
  return {
    key: 'selection',
    className: 'ant-table-selection-column',
    width: 32,
    title: <PageCheckbox selection={selection} />,
    render: (_: unknown, row: ListRow) => <RowCheckbox selection={selection} row={row} />,
    shouldCellUpdate: (record, previous) => record !== previous,
  };
}
