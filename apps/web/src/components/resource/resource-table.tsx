import type { AnyResource } from '@console/contract';
import { Button, Table, type TableColumnsType } from 'antd';
import { type Key, type ReactNode, useMemo } from 'react';
import { z } from 'zod';
import { ErrorResult } from '../error-result';
import { type FieldOverride, webField } from './define-web-resource';
import { fieldColumn } from './field-column';
import { totalText } from './list-state';
import './resource.css';

/** Where a table's fields come from: a contract resource (its entity and labels) or a row schema. */
export type TableSource = AnyResource | z.ZodObject;
export type RowOf<S extends TableSource> = S extends AnyResource
  ? z.infer<S['entity']>
  : S extends z.ZodObject
    ? z.infer<S>
    : never;
type FieldName<Row> = keyof Row & string;

/**
 * A column: a field of the source (its kind's cell, its label unless given), or a value the row does
 * not hold as one field (安装 / 失败 / 总数), which says its own title and cell.
 */
export type TableColumn<Row> =
  | FieldName<Row>
  | (FieldOverride<Row> & { name: FieldName<Row> })
  | { key: string; label: string; width?: number; cell: (row: Row) => ReactNode };

/** Paging by the table (all rows given) or, with `onChange`, by the server (one page given, its `total`). */
export interface TablePaging {
  size: number;
  page?: number;
  total?: number;
  onChange?: (page: number) => void;
}

/** The 操作 column, pinned right as on the lists; its cells are drawn on every render (they follow screen state). */
export interface TableActions<Row> {
  width: number;
  render: (row: Row) => ReactNode;
}

interface Props<S extends TableSource, Row extends RowOf<S>> {
  of: S;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey?: FieldName<Row> | ((row: Row) => Key);
  actions?: TableActions<Row>;
  loading?: boolean;
  /** A failed load with no rows to show yet: the table gives way to the error and a 重试 button. */
  error?: unknown;
  errorTitle?: string;
  onRetry?: () => unknown;
  /** What an empty table says (default 暂无数据). */
  empty?: ReactNode;
  /** Default: no pager, every row shown. */
  pagination?: TablePaging;
  size?: 'small' | 'middle';
  /** Wider than its box scrolls sideways: the columns' widths, or a width where some columns have none. */
  scrollX?: number;
  className?: string;
  bordered?: boolean;
}

function fieldOf<Row>(of: TableSource, spec: FieldName<Row> | (FieldOverride<Row> & { name: string })) {
  const override = typeof spec === 'string' ? undefined : spec;
  const name = typeof spec === 'string' ? spec : spec.name;
  const resource = of instanceof z.ZodObject ? undefined : of;
  const shape = (of instanceof z.ZodObject ? of.shape : of.entity.shape) as Record<string, z.ZodType | undefined>;
  const schema = shape[name];
  if (!schema) throw new Error(`表格没有字段 ${name}`);
  const label = override?.label ?? resource?.labels[name] ?? schema.description;
  if (!label) throw new Error(`表格列 ${name} 没有标题`);
  return webField<Row>(name, schema, label, override);
}

// One empty list for every render before the first answer, so the table's data keeps its identity.
const noRows: never[] = [];

/** The antd columns of a table's declaration; field cells are the list's own (field-column.tsx). */
export function tableColumns<Row>(
  of: TableSource,
  columns: readonly TableColumn<Row>[],
  actions?: TableActions<Row>,
): TableColumnsType<Row> {
  const out: TableColumnsType<Row> = columns.map((spec) =>
    typeof spec === 'object' && 'key' in spec
      ? { key: spec.key, title: spec.label, width: spec.width, render: (_: unknown, row: Row) => spec.cell(row) }
      : fieldColumn(fieldOf(of, spec)),
  );
  if (actions) {
    out.push({
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: actions.width,
      render: (_: unknown, row: Row) => actions.render(row),
    });
  }
  return out;
}

/**
 * A read-only table of records that are not a resource's list (a ledger under a detail, a job's
 * lines, a lookup's answers): the same cells as the lists, with loading, empty and error states.
 * Declare `columns` outside the component, or memoise them, where rows are many.
 */
export function ResourceTable<S extends TableSource, Row extends RowOf<S> = RowOf<S>>(props: Props<S, Row>) {
  const { of, columns, rows, actions, loading, error, errorTitle, onRetry, empty, pagination } = props;
  const antdColumns = useMemo(() => tableColumns(of, columns, actions), [of, columns, actions]);
  if (error && !rows) {
    return (
      <ErrorResult
        title={errorTitle ?? '加载失败'}
        subTitle={error instanceof Error ? error.message : undefined}
        extra={onRetry && <Button onClick={() => void onRetry()}>重试</Button>}
      />
    );
  }
  return (
    <Table<Row>
      className={props.className}
      bordered={props.bordered}
      rowKey={props.rowKey ?? 'id'}
      size={props.size ?? 'small'}
      loading={loading}
      columns={antdColumns}
      dataSource={rows ?? noRows}
      scroll={{ x: props.scrollX ?? 'max-content' }}
      locale={{ emptyText: empty ?? '暂无数据' }}
      pagination={
        pagination
          ? {
              pageSize: pagination.size,
              current: pagination.page,
              total: pagination.total,
              onChange: pagination.onChange,
              hideOnSinglePage: true,
              showSizeChanger: false,
              showTotal: (total) => totalText(total, false),
            }
          : false
      }
    />
  );
}
