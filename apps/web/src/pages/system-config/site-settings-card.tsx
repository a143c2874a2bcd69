import { type ConfigRow, permissionOf, systemConfigEndpoints } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import { useEffect } from 'react';
import { api, applyFieldErrors } from '../../lib/api/request';
import { UploadField } from '../../components/upload/upload-field';
import { usePermission } from '../../stores/session';

const updateCode = permissionOf(systemConfigEndpoints.updateBatch.access) ?? 'systemConfig.update';
/** The settings shown in the header's 联系客服 popover. */
const KEYS = ['servicePhone', 'serviceEmail', 'serviceQr'] as const;

/** 客服信息: the settings group `site`, read and saved with the spec's getListByType / updateBatch. */
export function SiteSettingsCard() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = usePermission(updateCode);
  const [form] = Form.useForm<Record<string, string>>();
  const rows = useQuery({
    queryKey: ['systemConfig', 'site'],
    queryFn: () => api(systemConfigEndpoints.listByType, { query: { type: 'site' } }),
  });
  const byKey = new Map((rows.data ?? []).map((r: ConfigRow) => [r.key, r]));
  useEffect(() => {
    if (rows.data) form.setFieldsValue(Object.fromEntries(rows.data.map((r) => [r.key, r.value])));
  }, [rows.data, form]);

  const save = async (values: Record<string, string>) => {
    const items = KEYS.filter((k) => byKey.has(k)).map((key) => ({
      key,
      value: (values[key] ?? '').trim(),
      version: byKey.get(key)?.version,
    }));
    try {
      await api(systemConfigEndpoints.updateBatch, { body: { items } });
      void message.success('客服信息已保存，页眉“联系客服”即时生效');
      await queryClient.invalidateQueries({ queryKey: ['systemConfig'] });
      await queryClient.invalidateQueries({ queryKey: ['siteInfo'] });
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Card size="small" title="客服信息（显示在页眉“联系客服”中）" loading={rows.isPending} style={{ marginBottom: 12 }}>
      <Form form={form} layout="inline" onFinish={(v) => void save(v)} disabled={!canEdit} style={{ rowGap: 8 }}>
        <Form.Item
          name="servicePhone"
          label="客服电话"
          rules={[{ pattern: /^[\d-]{7,20}$/, message: '客服电话格式不正确' }]}
        >
          <Input placeholder="如 400-800-1234" maxLength={20} />
        </Form.Item>
        <Form.Item name="serviceEmail" label="客服邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
          <Input placeholder="如 service@example.com" maxLength={60} />
        </Form.Item>
        <Form.Item name="serviceQr" label="客服二维码">
          <UploadField purpose="serviceQr" disabled={!canEdit} />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit">
            保存
          </Button>
        )}
      </Form>
    </Card>
  );
}
