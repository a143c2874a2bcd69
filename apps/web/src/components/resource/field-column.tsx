import type { ReactNode } from 'react';
import type { WebField } from './define-web-resource';
import { displayValue } from './field-kinds';

/** One field's column as every table of the console draws it: the kind's cell, long text cut to one line. */
export function fieldColumn<Row>(field: WebField<Row>) {
  return {
    key: field.name,
    dataIndex: field.name,
    title: field.label,
    width: field.width,
    ellipsis: field.kind === 'text' || field.kind === 'textarea',
    render: (value: unknown, row: Row): ReactNode => displayValue(field, value, row),
    // antd re-renders every cell whenever the table renders (a row ticked, a page loading); a field's
    // cell depends only on its record, so it is drawn again only when the record changed.
    shouldCellUpdate: (record: Row, previous: Row) => record !== previous,
  };
}
