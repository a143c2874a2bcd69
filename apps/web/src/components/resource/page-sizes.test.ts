import { baseFields, defineResource } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineWebResource } from './define-web-resource';
import { MAX_PAGE_SIZE, PAGE_SIZES } from './page-sizes';

const resource = defineResource({
  name: 'pageSized',
  prefix: '/pageSized',
  title: '分页',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string().max(20) }),
  writable: ['name'],
  filters: {},
});
const webWith = (pageSizes?: readonly number[]) =>
  defineWebResource(resource, {
    fields: { name: { label: '名称' } },
    columns: ['name'],
    rowTitle: (row) => row.name,
    pageSizes,
  });

// The build has no virtual table (apps/web/build/antd-table-filters.ts): a page is always drawn whole.
describe('page sizes of a list', () => {
  it('default to the spec’s, within the largest page', () => {
    expect(webWith().pageSizes).toEqual(PAGE_SIZES);
    expect(Math.max(...PAGE_SIZES)).toBeLessThanOrEqual(MAX_PAGE_SIZE);
  });

  it('may go up to 100 rows and no further', () => {
    expect(webWith([20, 100]).pageSizes).toEqual([20, 100]);
    expect(() => webWith([50, 200])).toThrow(/分页大小不能超过 100/);
  });
});
