import { type HardwareOrder, hardwareOrderEndpoints, orderItem, shippedDeviceKind } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Tag, Typography } from 'antd';
import type { z } from 'zod';
import { ResourceTable, type TableColumn } from '../../components/resource/resource-table';
import { api } from '../../lib/api/request';

const columns: TableColumn<z.infer<typeof orderItem>>[] = [
  { name: 'productName', label: '商品' },
  { name: 'unitPrice', label: '单价' },
  { name: 'quantity', label: '数量' },
  { name: 'amount', label: '小计' },
];

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
      <ResourceTable
        of={orderItem}
        columns={columns}
        rows={data?.items}
        rowKey="productId"
        loading={detail.isLoading}
        scrollX={420}
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
