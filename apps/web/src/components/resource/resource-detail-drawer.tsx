import type { AnyResource } from '@console/contract';
import { Descriptions, Drawer } from 'antd';
import type { WebResource } from './define-web-resource';
import { displayValue } from './field-kinds';
import { ReferenceText } from './reference-text';
import { zh } from '../../lib/zh-text';

interface Props<Row> {
  web: WebResource<AnyResource, Row>;
  record: Row | null;
  onClose: () => void;
}

/** The record's detail from the same field list and kinds as the table. */
export function ResourceDetailDrawer<Row>({ web, record, onClose }: Props<Row>) {
  const row = record as (Row & Record<string, unknown>) | null;
  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      title={row ? `${zh(web.resource.title, '详情')}：${web.rowTitle(row)}` : ''}
      size={560}
    >
      {row && (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={web.detail.map((field) => ({
            key: field.name,
            label: field.label,
            children:
              field.reference && !field.render && typeof row[field.name] === 'string' && row[field.name] ? (
                <ReferenceText source={field.reference} id={row[field.name] as string} />
              ) : (
                displayValue(field, row[field.name], row)
              ),
          }))}
        />
      )}
      {row && web.detailExtra && <web.detailExtra record={row} />}
    </Drawer>
  );
}
