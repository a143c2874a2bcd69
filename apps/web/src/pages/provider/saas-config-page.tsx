import { type DirectConfig, directConfigEndpoints } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen } from '../../lib/money';
import { api, applyFieldErrors } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { usePermission } from '../../stores/session';
import './saas-config.css';

type Values = Pick<DirectConfig, 'name' | 'contactName' | 'contactPhone' | 'region' | 'address' | 'remark'>;
const key = [...resourceQueryKey('agent'), 'directConfig'];

/** 直营配置 (/saasDirectStore/saasConfig): the reserved direct-run provider's name and contacts, and its figures. */
export default function SaasConfigPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canEdit = usePermission('directConfig.update');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const config = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(directConfigEndpoints.get, { signal, quiet: true }),
  });
  if (config.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (config.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="直营配置加载失败"
        action={<Button onClick={() => void config.refetch()}>重试</Button>}
      />
    );
  }
  const data = config.data;
  const save = async (values: Values) => {
    setSaving(true);
    try {
      const saved = await api(directConfigEndpoints.update, { body: { ...values, version: data.version } });
      client.setQueryData(key, saved);
      void message.success('直营配置已保存');
    } catch (err) {
      applyFieldErrors(form, err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="saas-config">
      <div className="saas-config-figures">
        <Card size="small">
          <Statistic title="账户余额（元）" value={formatFen(data.balance)} />
          <Link to="/saasDirectStore/transactionRecord">查看交易记录</Link>
        </Card>
        <Card size="small">
          <Statistic title="直营门店" value={data.storeCount} suffix="家" />
          <Link to="/saasDirectStore/storeManagement">门店管理</Link>
        </Card>
        <Card size="small">
          <Statistic title="直营企业" value={data.enterpriseCount} suffix="家" />
          <Link to="/saasDirectStore/businessManagement">企业管理</Link>
        </Card>
      </div>
      <Card title={`直营主体（编号 ${data.agentNo}）`} size="small">
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={data}
          disabled={!canEdit}
          onFinish={(values) => void save(values)}
          className="saas-config-form"
        >
          <Form.Item
            name="name"
            label="直营名称"
            rules={[{ required: true, min: 2, max: 60, message: '名称 2 至 60 个字' }]}
          >
            <Input placeholder="门店小票与合同上显示的名称" />
          </Form.Item>
          <Form.Item name="contactName" label="联系人" rules={[{ required: true, max: 30, message: '请输入联系人' }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            label="联系电话"
            rules={[{ required: true, pattern: /^(1\d{10}|\d{7,12})$/, message: '请输入手机号或座机号' }]}
          >
            <Input placeholder="如 4008206600" />
          </Form.Item>
          <Form.Item name="region" label="所在地区" rules={[{ max: 60 }]}>
            <Input placeholder="如 浙江省/杭州市/西湖区" />
          </Form.Item>
          <Form.Item name="address" label="地址" rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
          )}
        </Form>
      </Card>
    </div>
  );
}
