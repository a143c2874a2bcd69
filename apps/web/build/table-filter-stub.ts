/**
 * Stands in for antd Table's column filter hook (antd-table-filters.ts): the console's tables
 * filter through the search bar above them and never declare antd column filters, so the hook
 * has nothing to do: the columns and rows pass through unchanged, and a column that declares a
 * filter is refused at once rather than shown without one.
 */
interface Column {
  key?: unknown;
  filters?: unknown;
  filterDropdown?: unknown;
  onFilter?: unknown;
  children?: Column[];
}

const filtered = (columns: readonly Column[]): boolean =>
  columns.some(
    (c) =>
      c.filters !== undefined ||
      c.filterDropdown !== undefined ||
      c.onFilter !== undefined ||
      filtered(c.children ?? []),
  );

const unchanged = <T>(columns: T): T => columns;
const noFilters = {};
const noStates: never[] = [];

export default function useFilter(props: { mergedColumns?: readonly Column[]; baseColumns?: readonly Column[] }) {
  if (filtered(props.baseColumns ?? props.mergedColumns ?? [])) {
    throw new Error('控制台构建去掉了 antd 表格的列筛选（filters / filterDropdown / onFilter），请用搜索栏筛选');
  }
  return [unchanged, noStates, noFilters] as const;
}

/** The rows as they are: there is no filter state to apply. */
export const getFilterData = <T>(data: T): T => data;
