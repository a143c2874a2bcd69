import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenKeys } from './table-filter-dropdown-stub';
import useSelection from './table-selection-stub';

const src = join(import.meta.dirname, '../src');
const sources = (readdirSync(src, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file));

describe('antd table column filters (stripped by the build, antd-table-filters.ts)', () => {
  it('are declared by no console table', () => {
    const users = sources.filter((file) =>
      /\b(filterDropdown|onFilter|filterMode|filterSearch|filteredValue)\b/.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(users).toEqual([]);
  });

  it('keep the filter hook bookkeeping: nested values are flattened', () => {
    expect(
      flattenKeys([{ value: 1, children: [{ value: 2 }, { value: 3, children: [{ value: 4 }] }] }, { value: 5 }]),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(flattenKeys(undefined)).toEqual([]);
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
