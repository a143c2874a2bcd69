import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const filterStub = fileURLToPath(new URL('./table-filter-stub.ts', import.meta.url));
const selectionStub = fileURLToPath(new URL('./table-selection-stub.ts', import.meta.url));
const virtualStub = fileURLToPath(new URL('./table-virtual-stub.ts', import.meta.url));
const stickyStub = fileURLToPath(new URL('./table-sticky-stub.ts', import.meta.url));
const selectListStub = fileURLToPath(new URL('./select-list-stub.tsx', import.meta.url));
const antdTable = /\/node_modules\/antd\/es\/table\//;
const antdInternalTable = /\/node_modules\/antd\/es\/table\/InternalTable\.js$/;
const rcTable = /\/node_modules\/@rc-component\/table\/es\/Table\.js$/;
const rcTableIndex = /\/node_modules\/@rc-component\/table\/es\/index\.js$/;
const rcSelectOptions = /\/node_modules\/@rc-component\/select\/es\/OptionList\.js$/;

/**
 * Parts of antd's Table the console's lists never use, each about a few KB gzip on every list,
 * replaced at build time by stand-ins that refuse loudly if ever reached (tests keep the sources
 * free of what would reach them):
 * - the column filter hook with its dropdown (Tree, Menu, a search box; ~15 KB): the lists filter
 *   through their search bar and declare no `filters`, `filterDropdown` or `onFilter`;
 * - the row selection hook (Radio, rc-tree's check helpers, the selections menu; ~8 KB): the lists
 *   tick rows with their own column (components/resource/row-selection.tsx), no `rowSelection`;
 * - the virtual body (rc-table's VirtualTable, which rc-table's index builds at load) and the
 *   sticky scroll bar: no table passes `virtual` or `sticky`, and no list offers a page over 100
 *   rows (define-web-resource.ts), so every row of a page is in the document;
 * - the virtual list under a select's dropdown (select-list-stub.tsx, a plain scrolling list): the
 *   console's selects hold tens of options, not thousands.
 */
export function antdTableFilters(): Plugin {
  return {
    name: 'console-antd-table-filters',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && antdInternalTable.test(importer) && source === './hooks/useFilter') return filterStub;
      if (importer && antdTable.test(importer) && /\/useSelection$/.test(source)) return selectionStub;
      if (importer && antdInternalTable.test(importer) && source === './RcTable/VirtualTable') return virtualStub;
      if (importer && rcTableIndex.test(importer) && source === './VirtualTable') return virtualStub;
      if (importer && rcTable.test(importer) && source === './stickyScrollBar') return stickyStub;
      if (importer && rcSelectOptions.test(importer) && source === '@rc-component/virtual-list') return selectListStub;
      return null;
    },
  };
}
