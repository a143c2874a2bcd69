import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const stub = fileURLToPath(new URL('./table-filter-dropdown-stub.ts', import.meta.url));
const treeHelpers = fileURLToPath(new URL('./rc-tree-selection-helpers.ts', import.meta.url));
const useFilter = /\/node_modules\/antd\/es\/table\/hooks\/useFilter\/index\.js$/;
const useSelection = /\/node_modules\/antd\/es\/table\/hooks\/useSelection\.js$/;

/**
 * antd's Table imports its column filter dropdown (with Tree, Menu and a search box) whether or not
 * a column has filters, about 15 KB gzip on every list. The console's lists filter through their
 * search bar and declare no column filters (`filters`, `filterDropdown`, `onFilter`: a test keeps it
 * so), so the build gives antd's filter hook a stub dropdown that says so if it is ever rendered.
 * The row selection's four tree helpers come from their own files, not rc-tree's index (Tree).
 */
export function antdTableFilters(): Plugin {
  return {
    name: 'console-antd-table-filters',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && useFilter.test(importer) && source === './FilterDropdown') return stub;
      if (importer && useSelection.test(importer) && source === '@rc-component/tree') return treeHelpers;
      return null;
    },
  };
}
