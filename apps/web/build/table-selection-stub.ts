/**
 * Stands in for antd Table's row selection hook (antd-table-filters.ts). The console's lists tick
 * rows with their own checkbox column (components/resource/row-selection.tsx), which re-renders
 * only the checkboxes instead of the whole table; no console table passes `rowSelection`.
 */
export const SELECTION_COLUMN = {};
export const SELECTION_ALL = 'SELECT_ALL';
export const SELECTION_INVERT = 'SELECT_INVERT';
export const SELECTION_NONE = 'SELECT_NONE';

const unchanged = <T>(columns: T): T => columns;
const noKeys = new Set<unknown>();

export default function useSelection(_config: unknown, rowSelection: unknown): [typeof unchanged, Set<unknown>] {
  if (rowSelection) {
    throw new Error('控制台构建去掉了 antd 表格的 rowSelection，勾选行请用 components/resource/row-selection.tsx');
  }
  return [unchanged, noKeys];
}
