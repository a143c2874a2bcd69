import type { AnyResource } from '@console/contract';
import { Descriptions, Drawer, Tabs } from 'antd';
import { useState } from 'react';
import type { WebField, WebResource } from './define-web-resource';
import { displayValue } from './field-kinds';
import { RecordHistoryTab } from './record-history-tab';
import { ReferenceText } from './reference-text';
import { zh } from '../../lib/zh-text';

interface Props<Row> {
  web: WebResource<AnyResource, Row>;
  record: Row | null;
  onClose: () => void;
}

/** The record's detail from the same field list and kinds as the table, and its 操作历史 beside it. */
export function ResourceDetailDrawer<Row>({ web, record, onClose }: Props<Row>) {
  const row = record as (Row & Record<string, unknown>) | null;
  const [tab, setTab] = useState('detail');
  const id = row && typeof row.id === 'string' ? row.id : null;
  const close = () => {
    setTab('detail');
    onClose();
  };
  const details = row && (
    <>
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
      {web.detailExtra && <web.detailExtra record={row} />}
    </>
  );
  return (
    <Drawer
      open={!!row}
      onClose={close}
      title={row ? `${zh(web.resource.title, '详情')}：${web.rowTitle(row)}` : ''}
      size={560}
    >
      {row && id ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'detail', label: '详情', children: details },
            {
              key: 'history',
              label: '操作历史',
              // Lazy: the history is read only once the operator opens the tab.
              children:
                tab === 'history' ? (
                  <RecordHistoryTab
                    resource={web.resource.name}
                    id={id}
                    fields={web.fields as Readonly<Record<string, WebField<unknown>>>}
                  />
                ) : null,
            },
          ]}
        />
      ) : (
        details
      )}
    </Drawer>
  );
}
