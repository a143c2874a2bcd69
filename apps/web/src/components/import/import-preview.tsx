import { DownloadOutlined } from '@ant-design/icons';
import { type ImportPreview, type ImportRowError, type RegisterImport, importRowError } from '@console/contract';
import { Alert, Button, Descriptions, Tabs } from 'antd';
import { useMemo } from 'react';
import { z } from 'zod';
import { ResourceTable, type TableColumn } from '../resource/resource-table';

const errorColumns: TableColumn<ImportRowError>[] = [
  { name: 'row', label: '行号', width: 70 },
  { name: 'field', label: '列', width: 110 },
  { name: 'value', label: '内容', width: 180 },
  { name: 'message', label: '错误原因' },
];
const errorKey = (e: ImportRowError) => `${e.row}-${e.field}-${e.message}`;

/** What a checked file holds: counts, the first rows as they will be stored, and every refused row. */
export function ImportPreviewView({
  spec,
  preview,
  onReport,
}: {
  spec: RegisterImport;
  preview: ImportPreview;
  onReport: () => void;
}) {
  const refusedRows = new Set(preview.errors.map((e) => e.row)).size;
  // The sample's cells are the file's text as it will be stored, one column per template column.
  const sample = useMemo(() => {
    const row = z.object(Object.fromEntries(spec.columns.map((c) => [c.field, z.string().nullable()])));
    const columns = spec.columns.map((c) => ({ name: c.field, label: c.header }));
    return { row, columns };
  }, [spec]);
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: 'file', label: '文件', children: preview.fileName },
          { key: 'total', label: '数据行', children: preview.total.toLocaleString('en-US') },
          { key: 'valid', label: '可导入', children: preview.valid.toLocaleString('en-US') },
        ]}
      />
      {refusedRows > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`${refusedRows.toLocaleString('en-US')} 行有错误，不会导入；其余行可以导入`}
          action={
            <Button size="small" icon={<DownloadOutlined />} onClick={onReport}>
              下载错误报告
            </Button>
          }
        />
      ) : (
        <Alert type="success" showIcon title="全部行校验通过" />
      )}
      <Tabs
        items={[
          {
            key: 'errors',
            label: `错误（${preview.errors.length.toLocaleString('en-US')}）`,
            children: (
              <ResourceTable
                of={importRowError}
                columns={errorColumns}
                rows={preview.errors}
                rowKey={errorKey}
                pagination={{ size: 10 }}
                scrollX={560}
              />
            ),
          },
          {
            key: 'sample',
            label: `将导入的数据（前 ${preview.sample.length} 行）`,
            children: (
              <ResourceTable
                of={sample.row}
                columns={sample.columns}
                rows={preview.sample}
                rowKey={(row) => preview.sample.indexOf(row)}
                scrollX={560}
              />
            ),
          },
        ]}
        defaultActiveKey={preview.errors.length > 0 ? 'errors' : 'sample'}
      />
    </>
  );
}
