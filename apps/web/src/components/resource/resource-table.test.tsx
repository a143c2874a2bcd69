import { fen, isoTime, labelledEnum } from '@console/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ResourceTable, type TableColumn } from './resource-table';

const state = labelledEnum({ 0: '停用', 1: '启用' });
const entry = z.object({
  id: z.string(),
  name: z.string().describe('名称'),
  amount: fen,
  state,
  at: isoTime.nullable(),
});
type Entry = z.infer<typeof entry>;

const rows: Entry[] = [
  { id: '1', name: '甲', amount: 123456, state: 1, at: '2026-03-04T05:06:07.000Z' },
  { id: '2', name: '乙', amount: 0, state: 0, at: null },
];
const columns: TableColumn<Entry>[] = [
  'name',
  { name: 'amount', label: '金额' },
  { name: 'state', label: '状态' },
  { name: 'at', label: '时间' },
  { key: 'both', label: '合并', cell: (row) => `${row.name}:${row.state}` },
];

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('ResourceTable (read-only rows with the lists’ cells)', () => {
  afterEach(cleanup);

  it('draws each field by its kind, labels from the schema or the column, and computed columns', () => {
    render(<ResourceTable of={entry} columns={columns} rows={rows} />);
    const [header, first, second] = screen.getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['名称', '金额', '状态', '时间', '合并']);
    // Money in 元, an enum as its label, a missing time as the lists' dash.
    expect(cells(first!)).toEqual([
      '甲',
      '¥1,234.56',
      '启用',
      expect.stringMatching(/^2026-03-04 \d\d:06:07$/),
      '甲:1',
    ]);
    expect(cells(second!)).toEqual(['乙', '¥0.00', '停用', '-', '乙:0']);
  });

  it('says what an empty table holds, and shows a failed load with a retry', () => {
    const retry = vi.fn();
    const { rerender } = render(<ResourceTable of={entry} columns={columns} rows={[]} empty="暂无记录" />);
    expect(screen.getByText('暂无记录')).toBeTruthy();
    rerender(
      <ResourceTable
        of={entry}
        columns={columns}
        rows={undefined}
        error={new Error('网络错误')}
        errorTitle="记录加载失败"
        onRetry={retry}
      />,
    );
    expect(screen.getByText('记录加载失败')).toBeTruthy();
    expect(screen.getByText('网络错误')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows it has when a later load fails', () => {
    render(<ResourceTable of={entry} columns={columns} rows={rows} error={new Error('网络错误')} />);
    expect(screen.getByText('甲')).toBeTruthy();
    expect(screen.queryByText('网络错误')).toBeNull();
  });

  it('pages by itself, or asks for the page the operator picks', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...rows[0]!, id: String(i), name: `第${i}行` }));
    const { rerender } = render(<ResourceTable of={entry} columns={columns} rows={many} pagination={{ size: 10 }} />);
    expect(screen.getByText('共 12 条')).toBeTruthy();
    expect(screen.queryByText('第10行')).toBeNull();
    const onChange = vi.fn();
    rerender(
      <ResourceTable
        of={entry}
        columns={columns}
        rows={many.slice(0, 10)}
        pagination={{ size: 10, page: 1, total: 30, onChange }}
      />,
    );
    fireEvent.click(screen.getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith(3, 10);
  });

  it('adds the 操作 column with the screen’s buttons', () => {
    render(
      <ResourceTable
        of={entry}
        columns={['name']}
        rows={rows}
        actions={{ width: 80, render: (row) => <button type="button">移除{row.name}</button> }}
      />,
    );
    expect(screen.getByRole('columnheader', { name: '操作' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '移除乙' })).toBeTruthy();
  });

  it('refuses a column with no title, rather than showing a field name', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ResourceTable of={entry} columns={['amount']} rows={rows} />)).toThrow(
      '表格列 amount 没有标题',
    );
  });
});
