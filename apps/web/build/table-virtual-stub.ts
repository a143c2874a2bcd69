/**
 * Stands in for antd Table's virtual body (antd-table-filters.ts). A console list shows at most
 * 100 rows a page (define-web-resource.ts refuses larger page sizes), every one in the document;
 * no console table passes `virtual`.
 */
export default function VirtualTable(): never {
  throw new Error('控制台构建去掉了 antd 表格的虚拟滚动（virtual），列表每页最多 100 行，请分页');
}

/** rc-table's factory of the virtual table (its index re-exports it; nothing here calls it). */
export const genVirtualTable = (): typeof VirtualTable => VirtualTable;
