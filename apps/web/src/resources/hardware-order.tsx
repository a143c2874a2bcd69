import { hardwareOrderEndpoints, hardwareOrderResource } from '@console/contract';
import { Typography } from 'antd';
import { defineWebResource } from '../components/resource/define-web-resource';
import { providerSource } from '../components/resource/reference-sources';

/**
 * 硬件订单 (/orderManagement/hardwareOrders). The page adds the order form (product lines), the
 * lines and serials in the detail, the status moves, the serial lookup and the delivery note.
 */
export const hardwareOrderWeb = defineWebResource(hardwareOrderResource, {
  // Widths sum, with the page's 操作 column, to what a 1440 px screen shows beside the menu, so
  // the pinned 操作 column covers no data column; the receiver's phone sits under the name.
  fields: {
    orderNo: { width: 165 },
    agentId: { label: '服务商', reference: providerSource },
    agentName: { width: 145 },
    amount: { width: 100 },
    status: { width: 76, tagColors: { 0: 'orange', 1: 'blue', 2: 'cyan', 3: 'green', 4: 'default' } },
    receiver: {
      label: '收货人',
      width: 130,
      render: (_value, row) => (
        <>
          <div>{row.receiver}</div>
          <Typography.Text type="secondary">{row.phone}</Typography.Text>
        </>
      ),
    },
    phone: { width: 130 },
    logisticsCompany: { width: 110 },
    trackingNo: { width: 150 },
    createdAt: { label: '下单时间', width: 160 },
    paidAt: { width: 170 },
    shippedAt: { width: 170 },
  },
  columns: ['orderNo', 'agentName', 'amount', 'status', 'receiver', 'trackingNo', 'createdAt'],
  search: ['keyword', 'status', 'agentId', 'createdAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '订单号、收货人、电话或运单号' },
    agentId: { label: '服务商', placeholder: '全部服务商' },
    createdAt: { label: '下单时间' },
  },
  detail: [
    'orderNo',
    'agentName',
    'status',
    'amount',
    'receiver',
    'phone',
    'address',
    'logisticsCompany',
    'trackingNo',
    'remark',
    'cancelReason',
    'createdAt',
    'paidAt',
    'shippedAt',
    'completedAt',
    'cancelledAt',
  ],
  endpoints: { get: hardwareOrderEndpoints.get, create: hardwareOrderEndpoints.create },
  // The server takes receiver changes only before shipping.
  editable: (row) => row.status <= 1,
  rowTitle: (row) => row.orderNo,
});
