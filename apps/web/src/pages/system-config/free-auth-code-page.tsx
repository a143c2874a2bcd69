import { FREE_AUTH_CODE_BATCH_MAX, type FreeAuthCode, freeAuthCodeEndpoints, permissionOf } from '@console/contract';
import { App, Form, Input, InputNumber } from 'antd';
import { useMemo } from 'react';
import { useActionDialog } from '../../components/resource/action-dialog';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { editionSource, providerSource, storeSource } from '../../components/resource/reference-sources';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { freeAuthCodeWeb } from '../../resources/free-auth-code';

const code = (endpoint: { access: Parameters<typeof permissionOf>[0] }) => permissionOf(endpoint.access) ?? '';
// 未使用 and 已过期 codes can still be voided; 已过期 ones can no longer be handed out.
const voidable = (row: FreeAuthCode) => row.status === 0 || row.status === 3;

interface GenerateValues {
  agentId: string;
  editionId: string;
  count: number;
  days: number;
  remark?: string;
}

/**
 * 免授权码, mounted at /systemConfig/freeAuthCode (platform: generate for a provider, void) and at
 * /agentFreeAuthCode/freeAuthCode (a provider: its own codes, handed to its stores). Each button
 * shows only with its permission; the server scopes the list to the operator's provider.
 */
export default function FreeAuthCodePage() {
  const { message } = App.useApp();
  const generate = useActionDialog<never, GenerateValues>({
    title: () => '生成免授权码',
    summary: () =>
      `为一个服务商生成，一次最多 ${FREE_AUTH_CODE_BATCH_MAX} 个；每个服务商每月的数量和兑换期限按“免授权码策略”执行。`,
    initialValues: () => ({ days: 30, count: 1 }),
    form: (
      <>
        <Form.Item name="agentId" label="服务商" rules={[{ required: true, message: '请选择服务商' }]}>
          <ReferenceSelect source={providerSource} placeholder="搜索服务商名称或编号" />
        </Form.Item>
        <Form.Item name="editionId" label="版本" rules={[{ required: true, message: '请选择版本' }]}>
          <ReferenceSelect source={editionSource} placeholder="选择授权的版本" />
        </Form.Item>
        <Form.Item name="count" label="生成数量" rules={[{ required: true, message: '请输入生成数量' }]}>
          <InputNumber min={1} max={FREE_AUTH_CODE_BATCH_MAX} precision={0} addonAfter="个" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="days" label="授权天数" rules={[{ required: true, message: '请输入授权天数' }]}>
          <InputNumber min={1} max={365} precision={0} addonAfter="天" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={500} placeholder="如：展会赠送" />
        </Form.Item>
      </>
    ),
    okText: '生成',
    submit: async (_rows, values) => {
      const done = await api(freeAuthCodeEndpoints.generate, {
        body: { ...values, remark: values.remark?.trim() ?? '' },
      });
      void message.success(`已生成 ${done.count} 个免授权码，${done.expireDate} 前有效`);
    },
  });
  const assign = useActionDialog<FreeAuthCode, { storeId: string }>({
    title: () => '发放给门店',
    summary: ([row]) =>
      row &&
      `免授权码 ${row.code}（${row.editionName ?? '未指定版本'}，${row.days} 天）发放后不能收回，门店到期日顺延 ${row.days} 天。`,
    form: (
      <Form.Item name="storeId" label="门店" rules={[{ required: true, message: '请选择门店' }]}>
        <ReferenceSelect source={storeSource} placeholder="搜索门店名称或编号" />
      </Form.Item>
    ),
    okText: '发放',
    submit: async ([row], values) => {
      if (!row) return;
      const done = await api(freeAuthCodeEndpoints.assign, {
        body: { id: row.id, storeId: values.storeId, version: row.version },
      });
      void message.success(`已发放，门店到期日顺延至 ${done.webExpireAt}`);
    },
  });
  const { open: openGenerate } = generate;
  const { open: openAssign } = assign;

  const web = useMemo(() => {
    const voidRows = async (rows: FreeAuthCode[]) => {
      const done = await api(freeAuthCodeEndpoints.void, { body: { ids: rows.map((r) => r.id) } });
      void message.success(`已作废 ${done.voided} 个免授权码`);
    };
    return {
      ...freeAuthCodeWeb,
      toolbarActions: [
        {
          key: 'generate',
          label: '生成免授权码',
          permission: code(freeAuthCodeEndpoints.generate),
          run: () => openGenerate([]),
        },
      ],
      rowActions: [
        {
          key: 'assign',
          label: '发放给门店',
          permission: code(freeAuthCodeEndpoints.assign),
          visible: (row: FreeAuthCode) => row.status === 0,
          run: (row: FreeAuthCode) => openAssign([row]),
        },
        {
          key: 'void',
          label: '作废',
          danger: true,
          permission: code(freeAuthCodeEndpoints.void),
          visible: voidable,
          confirm: (row: FreeAuthCode) => `确定作废免授权码 ${row.code} 吗？作废后不能恢复。`,
          run: (row: FreeAuthCode) => voidRows([row]),
        },
      ],
      batchActions: [
        {
          key: 'void',
          label: '批量作废',
          danger: true,
          permission: code(freeAuthCodeEndpoints.void),
          confirm: (rows: FreeAuthCode[]) => `确定作废选中的 ${rows.length} 个免授权码吗？已使用或已作废的不能作废。`,
          run: voidRows,
        },
      ],
    };
  }, [openGenerate, openAssign, message]);

  return (
    <>
      <ResourceListPage web={web} />
      {generate.element}
      {assign.element}
    </>
  );
}
