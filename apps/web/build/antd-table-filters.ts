import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const stub = fileURLToPath(new URL('./table-filter-dropdown-stub.ts', import.meta.url));
const selectionStub = fileURLToPath(new URL('./table-selection-stub.ts', import.meta.url));
const useFilter = /\/node_modules\/antd\/es\/table\/hooks\/useFilter\/index\.js$/;
const antdTable = /\/node_modules\/antd\/es\/table\//;

/**
 * antd's Table imports its column filter dropdown (with Tree, Menu and a search box) whether or not
 * a column has filters, about 15 KB gzip on every list. The console's lists filter through their
 * search bar and declare no column filters (`filters`, `filterDropdown`, `onFilter`: a test keeps it
 * so), so the build gives antd's filter hook a stub dropdown that says so if it is ever rendered.
 * Likewise its row selection hook (Radio, rc-tree's check helpers, the selections menu, ~8 KB
 * gzip): the lists tick rows with their own column (components/resource/row-selection.tsx) and no
 * table passes `rowSelection` (tested too).
 */
export function antdTableFilters(): Plugin {
  return {
    name: 'console-antd-table-filters',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && useFilter.test(importer) && source === './FilterDropdown') return stub;
      if (importer && antdTable.test(importer) && /\/useSelection$/.test(source)) return selectionStub;
      return null;
    },
  };
}
