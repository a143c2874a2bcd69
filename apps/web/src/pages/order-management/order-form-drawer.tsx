import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type HardwareOrder,
  type HardwareProduct,
  hardwareOrderResource,
  hardwareProductResource,
  phone,
  shipToAddressResource,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import type { FormDrawerProps } from '../../components/resource/define-web-resource';
import { formatFen, formatYuan } from '../../lib/money';
import { RecordFormDrawer, schemaRules } from '../../components/resource/record-form-drawer';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { providerSource } from '../../components/resource/reference-sources';
import { api } from '../../lib/api/request';

interface Values {
  agentId?: string;
  receiver: string;
  phone: string;
  address: string;
  remark: string;
  lines: { productId?: string; quantity: number }[];
}

const entity = hardwareOrderResource.entity.shape;

function useProducts() {
  return useQuery({
    queryKey: ['hardwareProduct', 'onSale'],
    queryFn: ({ signal }) =>
      api(hardwareProductResource.endpoints.page!, { body: { offset: 1, size: 100, status: 1 }, signal }) as Promise<{
        list: HardwareProduct[];
      }>,
    staleTime: 60_000,
  });
}

/** The provider's ship-to addresses; choosing one fills the receiver fields (default first). */
function AddressPicker({ agentId, onPick }: { agentId?: string; onPick: (a: Record<string, string>) => void }) {
  const query = useQuery({
    queryKey: ['shipToAddress', 'forOrder', agentId],
    enabled: !!agentId,
    queryFn: ({ signal }) =>
      api(shipToAddressResource.endpoints.page!, { body: { offset: 1, size: 50, agentId }, signal }) as Promise<{
        list: { id: string; receiver: string; phone: string; region: string; address: string; isDefault: number }[];
      }>,
  });
  const list = [...(query.data?.list ?? [])].sort((a, b) => b.isDefault - a.isDefault);
  return (
    <Select
      placeholder={agentId ? '从收货地址中选择' : '请先选择服务商'}
      disabled={!agentId}
      loading={query.isFetching}
      options={list.map((a) => ({
        value: a.id,
        label: `${a.isDefault ? '【默认】' : ''}${a.receiver} ${a.phone} ${a.region.replaceAll('/', '')}${a.address}`,
      }))}
      onChange={(idValue: string) => {
        const a = list.find((x) => x.id === idValue);
        if (a) onPick({ receiver: a.receiver, phone: a.phone, address: `${a.region.replaceAll('/', '')}${a.address}` });
      }}
    />
  );
}

// The machinery hands the detail over untyped (record-form-drawer.tsx): the receiver's fields are text.
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** 新增/编辑硬件订单: lines priced from 硬件设置 (the server prices them again); editing changes only the receiver. */
export function OrderFormDrawer(props: FormDrawerProps<HardwareOrder>) {
  const products = useProducts();
  const byId = new Map((products.data?.list ?? []).map((p) => [p.id, p]));
  return (
    <RecordFormDrawer<HardwareOrder, Values>
      {...props}
      size={640}
      blank={{ receiver: '', phone: '', address: '', remark: '', lines: [{ quantity: 1 }] }}
      fromDetail={(d) => ({
        receiver: textOf(d.receiver),
        phone: textOf(d.phone),
        address: textOf(d.address),
        remark: textOf(d.remark),
        lines: [],
      })}
      toBody={(v, editing) =>
        editing
          ? { receiver: v.receiver, phone: v.phone, address: v.address, remark: v.remark ?? '' }
          : {
              agentId: v.agentId,
              receiver: v.receiver,
              phone: v.phone,
              address: v.address,
              remark: v.remark ?? '',
              lines: v.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
            }
      }
    >
      {(form, editing) => (
        <>
          {!editing && (
            <>
              <Form.Item name="agentId" label="服务商" rules={[{ required: true, message: '请选择服务商' }]}>
                <ReferenceSelect source={providerSource} placeholder="搜索服务商名称" />
              </Form.Item>
              <Form.Item noStyle dependencies={['agentId']}>
                {() => (
                  <Form.Item label="收货地址簿">
                    <AddressPicker
                      agentId={form.getFieldValue('agentId') as string | undefined}
                      onPick={(a) => form.setFieldsValue(a)}
                    />
                  </Form.Item>
                )}
              </Form.Item>
            </>
          )}
          <Space.Compact block>
            <Form.Item
              name="receiver"
              label="收货人"
              rules={schemaRules(entity.receiver, '请输入收货人')}
              style={{ flex: 1 }}
            >
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="phone" label="联系电话" rules={schemaRules(phone, '请输入联系电话')} style={{ flex: 1 }}>
              <Input maxLength={11} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="address" label="收货地址" rules={schemaRules(entity.address, '请输入详细地址')}>
            <Input maxLength={120} />
          </Form.Item>
          {!editing && (
            <Form.List name="lines">
              {(fields, { add, remove }) => (
                <>
                  <Typography.Text strong>商品</Typography.Text>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" wrap style={{ display: 'flex', marginTop: 8 }}>
                      <Form.Item
                        name={[field.name, 'productId']}
                        rules={[{ required: true, message: '请选择商品' }]}
                        style={{ minWidth: 260 }}
                      >
                        <Select
                          placeholder="选择在售商品"
                          loading={products.isLoading}
                          aria-label="商品"
                          options={(products.data?.list ?? []).map((p) => ({
                            value: p.id,
                            label: `${p.name}（${p.model}）${formatYuan(p.unitPrice)}/${p.unit}`,
                          }))}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'quantity']} rules={[{ required: true, message: '请输入数量' }]}>
                        <InputNumber min={1} max={10000} precision={0} aria-label="数量" addonBefore="数量" />
                      </Form.Item>
                      {fields.length > 1 && (
                        <Button
                          type="text"
                          aria-label="删除此行"
                          icon={<MinusCircleOutlined />}
                          onClick={() => remove(field.name)}
                        />
                      )}
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })} block>
                    添加商品
                  </Button>
                </>
              )}
            </Form.List>
          )}
          {!editing && (
            <Form.Item noStyle shouldUpdate>
              {() => {
                const lines = (form.getFieldValue('lines') as Values['lines'] | undefined) ?? [];
                const total = lines.reduce(
                  (sum, l) => sum + (l.productId ? (byId.get(l.productId)?.unitPrice ?? 0) * (l.quantity ?? 0) : 0),
                  0,
                );
                return (
                  <Typography.Paragraph style={{ marginTop: 12 }}>
                    订单金额：<Typography.Text strong>¥{formatFen(total)}</Typography.Text>
                  </Typography.Paragraph>
                );
              }}
            </Form.Item>
          )}
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </>
      )}
    </RecordFormDrawer>
  );
}
