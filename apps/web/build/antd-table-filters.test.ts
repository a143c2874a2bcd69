import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import useFilter, { getFilterData } from './table-filter-stub';
import useSelection from './table-selection-stub';
import StickyScrollBar from './table-sticky-stub';
import VirtualTable, { genVirtualTable } from './table-virtual-stub';

const src = join(import.meta.dirname, '../src');
const sources = (readdirSync(src, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file));

describe('antd table column filters (stripped by the build, antd-table-filters.ts)', () => {
  it('are declared by no console table', () => {
    const users = sources.filter((file) =>
      /\b(filterDropdown|onFilter|filterMode|filterSearch|filteredValue)\b/.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(users).toEqual([]);
  });

  it('pass columns and rows through, and refuse a column with a filter', () => {
    const columns = [{ key: 'a' }, { key: 'b', children: [{ key: 'c' }] }];
    const [transform, states, filters] = useFilter({ mergedColumns: columns });
    expect(transform(columns)).toBe(columns);
    expect(states).toEqual([]);
    expect(filters).toEqual({});
    const rows = [{ id: '1' }];
    expect(getFilterData(rows)).toBe(rows);
    expect(() => useFilter({ mergedColumns: [{ children: [{ onFilter: () => true }] }] })).toThrow(/列筛选/);
  });
});

describe('antd table row selection (stripped by the build, antd-table-filters.ts)', () => {
  it('is passed to no console table', () => {
    const users = sources.filter((file) => /\browSelection\s*[=:]/.test(readFileSync(join(src, file), 'utf8')));
    expect(users).toEqual([]);
  });

  it('leaves the columns as they are, and refuses a rowSelection', () => {
    const columns = [{ key: 'a' }];
    const [transform, keys] = useSelection({}, undefined);
    expect(transform(columns)).toBe(columns);
    expect(keys.size).toBe(0);
    expect(() => useSelection({}, { selectedRowKeys: [] })).toThrow(/rowSelection/);
  });
});

describe('antd table virtual body and sticky scroll bar (stripped by the build, antd-table-filters.ts)', () => {
  it('are asked for by no console table', () => {
    const users = sources.filter((file) => /\b(virtual|sticky)(=\{|\s*:)/.test(readFileSync(join(src, file), 'utf8')));
    expect(users).toEqual([]);
  });

  it('say so if ever rendered', () => {
    expect(() => VirtualTable()).toThrow(/virtual/);
    expect(genVirtualTable()).toBe(VirtualTable);
    expect(() => StickyScrollBar()).toThrow(/sticky/);
  });
});
