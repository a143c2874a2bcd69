import { VOICE_CODE_BATCH_MAX, type VoiceCode, voiceCodeEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, InputNumber } from 'antd';
import { useActionDialog } from '../../components/resource/action-dialog';
import { formatYuan } from '../../lib/money';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { providerSource } from '../../components/resource/reference-sources';
import { api } from '../../lib/api/request';

const countItem = (label: string) => (
  <Form.Item name="count" label={label} rules={[{ required: true, message: `请输入${label}` }]}>
    <InputNumber min={1} max={VOICE_CODE_BATCH_MAX} precision={0} style={{ width: '100%' }} addonAfter="个" />
  </Form.Item>
);

/** 生成语音码: a batch of `count` codes; the price defaults to the one 语音码设置 holds (what providers see). */
export function useCreateBatchDialog() {
  const { message } = App.useApp();
  const price = useQuery({
    queryKey: ['voiceCodePrice'],
    queryFn: ({ signal }) => api(voiceCodeEndpoints.price, { signal, quiet: true }),
  });
  const standard = price.data ? formatYuan(price.data.price) : '语音码设置中的单价';
  return useActionDialog<never, { count: number; price?: number | null; remark?: string }>({
    title: () => '生成语音码',
    summary: () =>
      `一次最多生成 ${VOICE_CODE_BATCH_MAX} 个，同一批次共用一个批次号；不填单价则按当前单价 ${standard}。`,
    form: (
      <>
        {countItem('生成数量')}
        <Form.Item name="price" label="单价">
          <InputNumber
            min={0}
            precision={2}
            prefix="¥"
            addonAfter="元"
            placeholder={standard}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} placeholder="如：2026 年 12 月展会批次" />
        </Form.Item>
      </>
    ),
    okText: '生成',
    submit: async (_rows, values) => {
      const created = await api(voiceCodeEndpoints.create, {
        body: {
          count: values.count,
          price: typeof values.price === 'number' ? Math.round(values.price * 100) : undefined,
          remark: values.remark?.trim() ?? '',
        },
      });
      void message.success(`已生成 ${created.count} 个语音码，批次号 ${created.batchNo}`);
    },
  });
}

/** 分配给服务商: the oldest unallocated codes (of one batch when given), all or none. */
export function useAllocateDialog() {
  const { message } = App.useApp();
  return useActionDialog<never, { agentId: string; count: number; batchNo?: string }>({
    title: () => '分配语音码给服务商',
    summary: () => '按生成先后取未分配的语音码；可用数量不足时整单不分配。',
    form: (
      <>
        <Form.Item name="agentId" label="服务商" rules={[{ required: true, message: '请选择服务商' }]}>
          <ReferenceSelect source={providerSource} placeholder="搜索服务商名称或编号" />
        </Form.Item>
        {countItem('分配数量')}
        <Form.Item name="batchNo" label="批次号" extra="不填则从所有批次中分配">
          <Input maxLength={40} allowClear />
        </Form.Item>
      </>
    ),
    okText: '分配',
    submit: async (_rows, values) => {
      const batchNo = values.batchNo?.trim();
      const done = await api(voiceCodeEndpoints.allocate, {
        query: { agentId: values.agentId, count: values.count, ...(batchNo ? { batchNo } : {}) },
      });
      void message.success(`已分配 ${done.allocated} 个语音码`);
    },
  });
}

/** 作废: unallocated or allocated codes, with the reason kept on each code. */
export function useVoidDialog() {
  const { message } = App.useApp();
  return useActionDialog<VoiceCode, { reason: string }>({
    title: (rows) => (rows.length > 1 ? `作废 ${rows.length} 个语音码` : '作废语音码'),
    summary: (rows) =>
      rows.length === 1
        ? `语音码 ${rows[0]?.code}${rows[0]?.agentName ? `（已分配给 ${rows[0].agentName}）` : ''}作废后不能恢复。`
        : `选中的 ${rows.length} 个语音码作废后不能恢复；已绑定设备或已作废的语音码不能作废。`,
    form: (
      <Form.Item
        name="reason"
        label="作废原因"
        rules={[{ required: true, min: 2, whitespace: true, message: '请填写作废原因（至少 2 个字）' }]}
      >
        <Input.TextArea maxLength={100} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    ),
    okText: '作废',
    submit: async (rows, values) => {
      const done = await api(voiceCodeEndpoints.void, {
        body: { ids: rows.map((r) => r.id), reason: values.reason.trim() },
      });
      void message.success(`已作废 ${done.voided} 个语音码`);
    },
  });
}
