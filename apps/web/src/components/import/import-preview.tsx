import { DownloadOutlined } from '@ant-design/icons';
import type { ImportPreview, ImportRowError, RegisterImport } from '@console/contract';
import { Alert, Button, Descriptions, Table, Tabs } from 'antd';

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
  const columns = spec.columns.map((c) => ({ title: c.header, dataIndex: c.field, key: c.field, ellipsis: true }));
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
              <Table<ImportRowError>
                size="small"
                rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
                dataSource={preview.errors}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                scroll={{ x: 560 }}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '列', dataIndex: 'field', width: 110 },
                  { title: '内容', dataIndex: 'value', width: 180, ellipsis: true },
                  { title: '错误原因', dataIndex: 'message' },
                ]}
              />
            ),
          },
          {
            key: 'sample',
            label: `将导入的数据（前 ${preview.sample.length} 行）`,
            children: (
              <Table
                size="small"
                rowKey={(_, i) => String(i)}
                dataSource={preview.sample}
                columns={columns}
                pagination={false}
                scroll={{ x: 560 }}
              />
            ),
          },
        ]}
        defaultActiveKey={preview.errors.length > 0 ? 'errors' : 'sample'}
      />
    </>
  );
}
