import { Table } from 'antd';
import type { ReactNode } from 'react';
import type { WebField } from './define-web-resource';
import { displayValue } from './field-kinds';
import { ReferenceText } from './reference-text';
import './record-sections.css';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

interface Props {
  changes: readonly FieldChange[];
  /** The changed record's fields when its web resource is known: labels and value display come from there. */
  fields?: Readonly<Record<string, WebField<unknown>>>;
}

const empty = <span className="resource-empty">-</span>;

function plain(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return empty;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

/** 字段 / 修改前 / 修改后 for an update, with each field's label and display when known, its name otherwise. */
export function FieldChangeTable({ changes, fields }: Props) {
  const show = (name: string, value: unknown): ReactNode => {
    const field = fields?.[name];
    // A reference is stored as an id; shown by the referenced record's name, as the detail shows it.
    if (field?.reference && typeof value === 'string' && value)
      return <ReferenceText source={field.reference} id={value} />;
    // The kind's display, not a screen's custom cell: a custom render may need the whole row.
    return field ? displayValue({ ...field, render: undefined }, value, {}) : plain(value);
  };
  // Not a ResourceTable: each row is a different field of another record, so no column has one kind.
  return (
    <Table<FieldChange>
      className="field-change-table"
      rowKey="field"
      size="small"
      bordered
      pagination={false}
      dataSource={[...changes]}
      columns={[
        {
          key: 'field',
          title: '字段',
          width: 140,
          render: (_, change) => fields?.[change.field]?.label ?? change.field,
        },
        { key: 'before', title: '修改前', render: (_, change) => show(change.field, change.before) },
        { key: 'after', title: '修改后', render: (_, change) => show(change.field, change.after) },
      ]}
    />
  );
}
