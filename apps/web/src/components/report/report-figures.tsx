import { Table, type TablePaginationConfig } from 'antd';
import type { ReportColumn } from './report-columns';

export interface ReportFiguresProps<Row> {
  columns: ReportColumn<Row>[];
  rows: Row[];
  rowKey: (keyof Row & string) | ((row: Row) => string);
  /** The range's totals, shaped as a row so the columns render it; its first cell reads 合计. */
  totals?: Row;
  /** Off by default (a report shows its months on one page); a number pages by that many, hidden on one page. */
  pagination?: number | TablePaginationConfig;
  /** New figures on their way while the last ones stay on screen. */
  loading?: boolean;
  rowClassName?: (row: Row) => string;
  emptyText?: string;
}

/**
 * A report's figures as a table without a frame: the shared column kinds (money in 元, counts,
 * growth), a 合计 row when the report has one, and an empty state. ReportTable puts it in a
 * card; a list screen's detail puts it in its ListCard (a list chunk does not load antd's Card).
 */
export function ReportFigures<Row extends object>({
  columns,
  rows,
  rowKey,
  totals,
  pagination,
  loading,
  rowClassName,
  emptyText = '该时间范围内没有数据',
}: ReportFiguresProps<Row>) {
  return (
    <Table<Row>
      rowKey={rowKey}
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      rowClassName={rowClassName}
      locale={{ emptyText }}
      pagination={
        typeof pagination === 'number'
          ? { pageSize: pagination, hideOnSinglePage: true, showSizeChanger: false }
          : (pagination ?? false)
      }
      scroll={{ x: 'max-content' }}
      summary={totals ? () => <TotalsRow columns={columns} totals={totals} /> : undefined}
    />
  );
}

function TotalsRow<Row>({ columns, totals }: { columns: ReportColumn<Row>[]; totals: Row }) {
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
      {columns.slice(1).map((c, i) => (
        <Table.Summary.Cell key={c.key} index={i + 1} align="right">
          {c.render(null, totals)}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}
