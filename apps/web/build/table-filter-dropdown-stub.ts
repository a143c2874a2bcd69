/**
 * Stands in for antd Table's column filter dropdown (antd-table-filters.ts): the console's tables
 * filter through the search bar above them and never declare antd column filters.
 */
export default function FilterDropdown(): never {
  throw new Error('控制台构建去掉了 antd 表格的列筛选（filters / filterDropdown / onFilter），请用搜索栏筛选');
}

interface FilterItem {
  value: unknown;
  children?: FilterItem[];
}

/** Every value of a filter list, nested ones included (useFilter's bookkeeping; empty without filters). */
export function flattenKeys(filters?: FilterItem[]): unknown[] {
  return (filters ?? []).flatMap((item) => [item.value, ...flattenKeys(item.children)]);
}
