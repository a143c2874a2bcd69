// What antd Table's row selection takes from rc-tree (antd-table-filters.ts), from the files that
// define it rather than the package index, which also brings the whole Tree component.
export { arrAdd, arrDel } from '@rc-component/tree/es/util';
export { conductCheck } from '@rc-component/tree/es/utils/conductUtil';
export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';
