import { type HardwareOrder, hardwareOrderEndpoints } from '@console/contract';
import { Form, Input } from 'antd';
import { useActionDialog } from '../../components/resource/action-dialog';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { providerSource } from '../../components/resource/reference-sources';
import { formatFen } from '../../lib/money';
import { api } from '../../lib/api/request';
import { SerialSelect } from './serial-select';

interface ShipValues {
  logisticsCompany: string;
  trackingNo: string;
  gateways?: string[];
  terminals?: string[];
}

const orderLine = (order: HardwareOrder | undefined) =>
  order && (
    <>
      订单 {order.orderNo}（{order.agentName}，¥{formatFen(order.amount)}），收货人 {order.receiver} {order.phone}
    </>
  );

/** 发货: logistics, tracking number, and the serials shipped, picked from the registers. */
export function useShipDialog() {
  return useActionDialog<HardwareOrder, ShipValues>({
    title: () => '订单发货',
    summary: ([order]) => orderLine(order),
    okText: '确认发货',
    form: (
      <>
        <Form.Item
          name="logisticsCompany"
          label="物流公司"
          rules={[{ required: true, whitespace: true, message: '请填写物流公司' }]}
        >
          <Input maxLength={40} placeholder="如 顺丰速运" />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          label="运单号"
          rules={[{ required: true, whitespace: true, message: '请填写运单号' }]}
        >
          <Input maxLength={40} placeholder="物流运单号" />
        </Form.Item>
        <Form.Item name="gateways" label="网关编号" extra="从网关编号登记中选择库存设备；每个编号只能发货一次">
          <SerialSelect kind={1} />
        </Form.Item>
        <Form.Item
          name="terminals"
          label="终端 MAC 地址"
          dependencies={['gateways']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value?: string[]) =>
                (value?.length ?? 0) + ((getFieldValue('gateways') as string[] | undefined)?.length ?? 0) > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error('请至少选择一个发货的设备编号')),
            }),
          ]}
        >
          <SerialSelect kind={2} />
        </Form.Item>
      </>
    ),
    submit: ([order], values) =>
      api(hardwareOrderEndpoints.changeStatus, {
        body: {
          id: order!.id,
          version: order!.version,
          status: 2,
          logisticsCompany: values.logisticsCompany.trim(),
          trackingNo: values.trackingNo.trim(),
          devices: [
            ...(values.gateways ?? []).map((deviceNo) => ({ deviceNo, deviceKind: 1 as const })),
            ...(values.terminals ?? []).map((deviceNo) => ({ deviceNo, deviceKind: 2 as const })),
          ],
        },
      }),
  });
}

/** 变更服务商: the order (and any serials shipped with it) goes to another provider; the reason is logged. */
export function useChangeAgentDialog() {
  return useActionDialog<HardwareOrder, { agentId: string; reason: string }>({
    title: () => '变更订单所属服务商',
    summary: ([order]) => orderLine(order),
    okText: '确认变更',
    form: (
      <>
        <Form.Item name="agentId" label="新的服务商" rules={[{ required: true, message: '请选择服务商' }]}>
          <ReferenceSelect source={providerSource} placeholder="搜索服务商名称" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="变更原因"
          rules={[{ required: true, min: 2, whitespace: true, message: '请填写变更原因' }]}
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </>
    ),
    submit: ([order], values) =>
      api(hardwareOrderEndpoints.changeAgent, {
        body: { id: order!.id, version: order!.version, agentId: values.agentId, reason: values.reason.trim() },
      }),
  });
}

/** 取消订单 (before shipping), with the reason kept on the order. */
export function useCancelDialog() {
  return useActionDialog<HardwareOrder, { reason: string }>({
    title: () => '取消订单',
    summary: ([order]) => orderLine(order),
    okText: '确认取消',
    form: (
      <Form.Item
        name="reason"
        label="取消原因"
        rules={[{ required: true, min: 2, whitespace: true, message: '请填写取消原因' }]}
      >
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    ),
    submit: ([order], values) =>
      api(hardwareOrderEndpoints.changeStatus, {
        body: { id: order!.id, version: order!.version, status: 4, reason: values.reason.trim() },
      }),
  });
}
