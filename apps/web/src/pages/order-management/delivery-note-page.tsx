import { PrinterOutlined } from '@ant-design/icons';
import { hardwareOrderEndpoints, shippedDeviceKind } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { formatFen } from '../../lib/money';
import { api } from '../../lib/api/request';
import './delivery-note.css';

/** 发货单: one shipped order as a printable page (print CSS leaves only the note on paper). */
export default function DeliveryNotePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useQuery({
    queryKey: ['hardwareOrder', 'deliveryNote', id],
    queryFn: ({ signal }) => api(hardwareOrderEndpoints.get, { query: { id }, signal }),
    enabled: id !== '',
  });
  if (!id || query.isError) return <Result status="404" title="订单不存在" />;
  const order = query.data;
  if (!order) return <Spin />;
  const total = order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <div className="delivery-note-page">
      <div className="delivery-note-actions">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
      </div>
      <article className="delivery-note" aria-label="发货单">
        <h1>发 货 单</h1>
        <dl>
          <dt>订单号</dt>
          <dd>{order.orderNo}</dd>
          <dt>服务商</dt>
          <dd>{order.agentName}</dd>
          <dt>收货人</dt>
          <dd>
            {order.receiver} {order.phone}
          </dd>
          <dt>收货地址</dt>
          <dd>{order.address}</dd>
          <dt>物流</dt>
          <dd>
            {order.logisticsCompany || '-'} {order.trackingNo}
          </dd>
          <dt>发货时间</dt>
          <dd>{order.shippedAt ? dayjs(order.shippedAt).format('YYYY-MM-DD HH:mm') : '未发货'}</dd>
        </dl>
        <table>
          <thead>
            <tr>
              <th>商品</th>
              <th>单价</th>
              <th>数量</th>
              <th>金额</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((i) => (
              <tr key={i.productId}>
                <td>{i.productName}</td>
                <td>¥{formatFen(i.unitPrice)}</td>
                <td>{i.quantity}</td>
                <td>¥{formatFen(i.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>合计</td>
              <td />
              <td>{total}</td>
              <td>¥{formatFen(order.amount)}</td>
            </tr>
          </tfoot>
        </table>
        <h2>设备编号（{order.devices.length}）</h2>
        <ol className="delivery-note-serials">
          {order.devices.map((d) => (
            <li key={d.deviceNo}>
              {shippedDeviceKind.labels[d.deviceKind]} {d.deviceNo}
            </li>
          ))}
        </ol>
        <footer>
          <span>发货人签字：</span>
          <span>收货人签字：</span>
          <span>签收日期：</span>
        </footer>
      </article>
    </div>
  );
}
