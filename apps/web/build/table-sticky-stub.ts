/**
 * Stands in for the table's sticky scroll bar (antd-table-filters.ts): no console table passes
 * `sticky`; a wide list scrolls sideways in its own box (components/resource/table-scroll-cue.tsx).
 */
export default function StickyScrollBar(): never {
  throw new Error('控制台构建去掉了 antd 表格的吸底滚动条（sticky）');
}
