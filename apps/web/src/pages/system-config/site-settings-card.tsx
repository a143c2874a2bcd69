import { type ConfigRow, permissionOf, systemConfigEndpoints } from '@console/contract';
import { Card, Form, Input } from 'antd';
import { SettingsForm, type SettingsFormSpec } from '../../components/resource/settings-form';
import { handledByForm } from '../../components/resource/versioned-save';
import { UploadField } from '../../components/upload/upload-field';
import { api } from '../../lib/api/request';
import { usePermission } from '../../stores/session';

const updateCode = permissionOf(systemConfigEndpoints.updateBatch.access) ?? 'systemConfig.update';
/** The settings shown in the header's 联系客服 popover. */
const KEYS = ['servicePhone', 'serviceEmail', 'serviceQr'] as const;
type Values = Record<(typeof KEYS)[number], string>;

/** 客服信息: the settings group `site`, read and saved with the spec's getListByType / updateBatch. */
export function SiteSettingsCard() {
  const canEdit = usePermission(updateCode);
  const spec: SettingsFormSpec<ConfigRow[], Values> = {
    title: '客服信息',
    queryKey: ['systemConfig', 'site'],
    load: (signal) => api(systemConfigEndpoints.listByType, { query: { type: 'site' }, signal }),
    toValues: (rows) => {
      const value = (key: string) => rows.find((row) => row.key === key)?.value ?? '';
      return {
        servicePhone: value('servicePhone'),
        serviceEmail: value('serviceEmail'),
        serviceQr: value('serviceQr'),
      };
    },
    save: (values, rows) => {
      const items = rows
        .filter((row) => (KEYS as readonly string[]).includes(row.key))
        .map((row) => ({
          key: row.key,
          value: (values[row.key as keyof Values] ?? '').trim(),
          version: row.version,
        }));
      return api(systemConfigEndpoints.updateBatch, { body: { items }, quietCodes: handledByForm });
    },
    savedMessage: '客服信息已保存，页眉“联系客服”即时生效',
    canEdit,
    alsoRefresh: [['systemConfig'], ['siteInfo']],
  };

  return (
    <Card size="small" title="客服信息（显示在页眉“联系客服”中）" style={{ marginBottom: 12 }}>
      <SettingsForm spec={spec} layout="inline" style={{ rowGap: 8 }}>
        {() => (
          <>
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
          </>
        )}
      </SettingsForm>
    </Card>
  );
}
