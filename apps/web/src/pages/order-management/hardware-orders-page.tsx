import { type HardwareOrder, hardwareOrderEndpoints, permissionOf } from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { hardwareOrderWeb } from '../../resources/hardware-order';
import { useCancelDialog, useChangeAgentDialog, useShipDialog } from './order-dialogs';
import { OrderFormDrawer } from './order-form-drawer';
import { OrderLines } from './order-lines';
import { SerialLookup } from './serial-lookup';

const statusCode = permissionOf(hardwareOrderEndpoints.changeStatus.access) ?? 'hardwareOrder.status';
const agentCode = permissionOf(hardwareOrderEndpoints.changeAgent.access) ?? 'hardwareOrder.changeAgent';
const getCode = permissionOf(hardwareOrderEndpoints.get.access) ?? 'hardwareOrder.get';

/** The delivery note opens in its own tab, ready for the browser's print. */
export const deliveryNotePath = (order: HardwareOrder) => `/orderManagement/deliveryNote?id=${order.id}`;

/** /orderManagement/hardwareOrders 硬件订单: orders, their status moves, shipping with serials, delivery notes. */
export default function HardwareOrdersPage() {
  const { message } = App.useApp();
  const ship = useShipDialog();
  const cancel = useCancelDialog();
  const changeAgent = useChangeAgentDialog();

  const web = useMemo(() => {
    const move = (status: 1 | 3, done: string) => (order: HardwareOrder) =>
      api(hardwareOrderEndpoints.changeStatus, { body: { id: order.id, version: order.version, status } }).then(() => {
        void message.success(done);
      });
    const actions: RowAction<HardwareOrder>[] = [
      {
        key: 'pay',
        label: '确认付款',
        hotkey: 'p',
        permission: statusCode,
        visible: (o) => o.status === 0,
        confirm: (o) => `确认订单 ${o.orderNo} 已收到付款吗？`,
        run: move(1, '已确认付款'),
      },
      {
        key: 'ship',
        label: '发货',
        hotkey: 's',
        permission: statusCode,
        visible: (o) => o.status === 1,
        run: (o) => ship.open([o]),
      },
      {
        key: 'complete',
        label: '确认完成',
        hotkey: 'f',
        permission: statusCode,
        visible: (o) => o.status === 2,
        confirm: (o) => `确认订单 ${o.orderNo} 已签收完成吗？`,
        run: move(3, '订单已完成'),
      },
      {
        key: 'print',
        label: '打印发货单',
        permission: getCode,
        visible: (o) => o.status === 2 || o.status === 3,
        run: (o) => Promise.resolve(void window.open(deliveryNotePath(o), '_blank', 'noopener')),
      },
      {
        key: 'agent',
        label: '变更服务商',
        permission: agentCode,
        visible: (o) => o.status <= 2,
        run: (o) => changeAgent.open([o]),
      },
      {
        key: 'cancel',
        label: '取消订单',
        permission: statusCode,
        danger: true,
        visible: (o) => o.status <= 1,
        run: (o) => cancel.open([o]),
      },
    ];
    return {
      ...hardwareOrderWeb,
      rowActions: actions,
      formDrawer: OrderFormDrawer,
      detailExtra: OrderLines,
      toolbarExtra: SerialLookup,
    };
  }, [message, ship, cancel, changeAgent]);

  return (
    <>
      <ResourceListPage web={web} />
      {ship.element}
      {cancel.element}
      {changeAgent.element}
    </>
  );
}
