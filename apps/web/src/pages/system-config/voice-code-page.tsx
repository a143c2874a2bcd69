import { type ConfigRow, systemConfigEndpoints, voiceCodeConfigKeys } from '@console/contract';
import { Form, InputNumber, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { ListCard } from '../../components/resource/list-card';
import { SettingsForm, type SettingsFormSpec } from '../../components/resource/settings-form';
import { handledByForm } from '../../components/resource/versioned-save';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';

interface Values {
  price: number;
  selfService: boolean;
}

const updateCode = 'voiceCodeConfig.update';

function rowsOf(rows: ConfigRow[]) {
  const byKey = new Map(rows.map((row): [string, ConfigRow] => [row.key, row]));
  return { price: byKey.get(voiceCodeConfigKeys.price), selfService: byKey.get(voiceCodeConfigKeys.selfService) };
}

/**
 * /systemConfig/voiceCode 语音码设置: the price new batches default to and providers are shown
 * before taking a code (getAndroidVoicePrice), and whether providers may take codes themselves.
 * Saved together at the versions read, so a concurrent change is refused, not overwritten.
 */
export default function VoiceCodeConfigPage() {
  const canEdit = useSession((state) => state.permissions.has(updateCode));
  const spec: SettingsFormSpec<ConfigRow[], Values> = {
    title: '语音码设置',
    queryKey: ['systemConfig', 'voiceCode'],
    load: (signal) => api(systemConfigEndpoints.voiceCodeGet, { signal }),
    toValues: (rows) => {
      const { price, selfService } = rowsOf(rows);
      return price && selfService ? { price: Number(price.value) / 100, selfService: selfService.value === '1' } : null;
    },
    save: (values, rows) => {
      const { price, selfService } = rowsOf(rows);
      return api(systemConfigEndpoints.voiceCodeUpdate, {
        body: {
          items: [
            { key: voiceCodeConfigKeys.price, value: String(Math.round(values.price * 100)), version: price?.version },
            {
              key: voiceCodeConfigKeys.selfService,
              value: values.selfService ? '1' : '0',
              version: selfService?.version,
            },
          ],
        },
        quietCodes: handledByForm,
      });
    },
    savedMessage: '语音码设置已保存',
    canEdit,
  };

  return (
    <ListCard>
      <Typography.Title level={5}>语音码设置</Typography.Title>
      <Typography.Paragraph type="secondary">
        单价用于新生成的语音码（生成时可另填），也是服务商为安卓设备领取语音码时看到的价格。
      </Typography.Paragraph>
      <SettingsForm
        spec={spec}
        style={{ maxWidth: 480 }}
        footnote={(rows) => {
          const latest = rows
            .map((row) => row.updatedAt)
            .sort()
            .at(-1);
          return (
            latest && (
              <Typography.Text type="secondary">最近修改：{dayjs(latest).format('YYYY-MM-DD HH:mm')}</Typography.Text>
            )
          );
        }}
      >
        {(rows) => {
          const { price, selfService } = rowsOf(rows);
          return (
            <>
              <Form.Item
                name="price"
                label={price?.title.replace('（分）', '')}
                rules={[{ required: true, message: '请输入单价' }]}
              >
                <InputNumber min={0} max={99_999} precision={2} prefix="¥" addonAfter="元" style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name="selfService"
                label={selfService?.title}
                valuePropName="checked"
                extra={selfService?.remark}
              >
                <Switch checkedChildren="允许" unCheckedChildren="不允许" />
              </Form.Item>
            </>
          );
        }}
      </SettingsForm>
    </ListCard>
  );
}
