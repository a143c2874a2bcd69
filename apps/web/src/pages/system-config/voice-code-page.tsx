import { type ConfigRow, systemConfigEndpoints, voiceCodeConfigKeys } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, InputNumber, Skeleton, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { ErrorResult } from '../../components/error-result';
import { ListCard } from '../../components/resource/list-card';
import { VersionConflictAlert, handledByForm, useVersionedSave } from '../../components/resource/versioned-save';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';

interface Values {
  price: number;
  selfService: boolean;
}

const queryKey = ['systemConfig', 'voiceCode'];
const updateCode = 'voiceCodeConfig.update';

/**
 * /systemConfig/voiceCode 语音码设置: the price new batches default to and providers are shown
 * before taking a code (getAndroidVoicePrice), and whether providers may take codes themselves.
 * Saved together at the versions read, so a concurrent change is refused, not overwritten.
 */
export default function VoiceCodeConfigPage() {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const canEdit = useSession((state) => state.permissions.has(updateCode));
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api(systemConfigEndpoints.voiceCodeGet, { signal }),
  });
  const { saving, conflict, save, takeLatest } = useVersionedSave(form);
  const rows = new Map((query.data ?? []).map((row): [string, ConfigRow] => [row.key, row]));
  const price = rows.get(voiceCodeConfigKeys.price);
  const selfService = rows.get(voiceCodeConfigKeys.selfService);

  if (query.isError && !query.data) {
    return (
      <ListCard>
        <ErrorResult
          title="语音码设置加载失败"
          subTitle={query.error instanceof Error ? query.error.message : undefined}
          extra={<Button onClick={() => void query.refetch()}>重试</Button>}
        />
      </ListCard>
    );
  }
  if (!price || !selfService) {
    return (
      <ListCard>
        <Skeleton active />
      </ListCard>
    );
  }
  const initial: Values = { price: Number(price.value) / 100, selfService: selfService.value === '1' };
  const latest = [price, selfService]
    .map((row) => row.updatedAt)
    .sort()
    .at(-1);

  const onSave = (values: Values) =>
    void save(
      () =>
        api(systemConfigEndpoints.voiceCodeUpdate, {
          body: {
            items: [
              { key: price.key, value: String(Math.round(values.price * 100)), version: price.version },
              { key: selfService.key, value: values.selfService ? '1' : '0', version: selfService.version },
            ],
          },
          quietCodes: handledByForm,
        }),
      false,
      () => void queryClient.invalidateQueries({ queryKey }),
    );

  return (
    <ListCard>
      <Typography.Title level={5}>语音码设置</Typography.Title>
      <Typography.Paragraph type="secondary">
        单价用于新生成的语音码（生成时可另填），也是服务商为安卓设备领取语音码时看到的价格。
      </Typography.Paragraph>
      {conflict && (
        <VersionConflictAlert
          thing="设置"
          onReload={() =>
            void takeLatest(async () => {
              const fresh = await queryClient.fetchQuery({
                queryKey,
                queryFn: () => api(systemConfigEndpoints.voiceCodeGet),
              });
              const map = new Map(fresh.map((row) => [row.key, row.value]));
              form.setFieldsValue({
                price: Number(map.get(voiceCodeConfigKeys.price)) / 100,
                selfService: map.get(voiceCodeConfigKeys.selfService) === '1',
              });
            })
          }
        />
      )}
      <Form<Values>
        key={`${price.version}-${selfService.version}`}
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={!canEdit}
        onFinish={onSave}
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          name="price"
          label={price.title.replace('（分）', '')}
          rules={[{ required: true, message: '请输入单价' }]}
        >
          <InputNumber min={0} max={99_999} precision={2} prefix="¥" addonAfter="元" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="selfService" label={selfService.title} valuePropName="checked" extra={selfService.remark}>
          <Switch checkedChildren="允许" unCheckedChildren="不允许" />
        </Form.Item>
        <Space wrap>
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
          )}
          {latest && (
            <Typography.Text type="secondary">最近修改：{dayjs(latest).format('YYYY-MM-DD HH:mm')}</Typography.Text>
          )}
        </Space>
      </Form>
    </ListCard>
  );
}
