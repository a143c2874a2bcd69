import { type HardwareOrder, hardwareOrderEndpoints, shippedDeviceKind } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag, Typography } from 'antd';
import { formatYuan } from '../../lib/money';
import { api } from '../../lib/api/request';

/** The order's lines and the serials shipped with it (read with the order's detail). */
export function OrderLines({ record }: { record: HardwareOrder }) {
  const detail = useQuery({
    queryKey: ['hardwareOrder', 'lines', record.id, record.version],
    queryFn: ({ signal }) => api(hardwareOrderEndpoints.get, { query: { id: record.id }, signal }),
  });
  if (detail.isError) return <Alert type="error" showIcon title="订单明细加载失败" />;
  const data = detail.data;
  return (
    <>
      <Typography.Title level={5}>商品明细</Typography.Title>
      <Table
        size="small"
        rowKey="productId"
        loading={detail.isLoading}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 420 }}
        columns={[
          { title: '商品', dataIndex: 'productName' },
          { title: '单价', dataIndex: 'unitPrice', render: (v: number) => formatYuan(v) },
          { title: '数量', dataIndex: 'quantity' },
          { title: '小计', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        发货设备（{data?.devices.length ?? 0}）
      </Typography.Title>
      {data && data.devices.length === 0 ? (
        <Typography.Text type="secondary">尚未发货</Typography.Text>
      ) : (
        data?.devices.map((d) => (
          <Tag key={d.deviceNo} color={d.deviceKind === 1 ? 'blue' : 'purple'}>
            {shippedDeviceKind.labels[d.deviceKind]} {d.deviceNo}
          </Tag>
        ))
      )}
    </>
  );
}
