import { type DirectConfig, directConfigEndpoints } from '@console/contract';
import { Card, Form, Input, Statistic } from 'antd';
import { Link } from 'react-router';
import { SettingsForm, type SettingsFormSpec } from '../../components/resource/settings-form';
import { handledByForm } from '../../components/resource/versioned-save';
import { formatFen } from '../../lib/money';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { usePermission } from '../../stores/session';
import './saas-config.css';

type Values = Pick<DirectConfig, 'name' | 'contactName' | 'contactPhone' | 'region' | 'address' | 'remark'>;

/** 直营配置 (/saasDirectStore/saasConfig): the reserved direct-run provider's name and contacts, and its figures. */
export default function SaasConfigPage() {
  const spec: SettingsFormSpec<DirectConfig, Values> = {
    title: '直营配置',
    queryKey: [...resourceQueryKey('agent'), 'directConfig'],
    load: (signal) => api(directConfigEndpoints.get, { signal, quiet: true }),
    toValues: ({ name, contactName, contactPhone, region, address, remark }) => ({
      name,
      contactName,
      contactPhone,
      region,
      address,
      remark,
    }),
    save: (values, data) =>
      api(directConfigEndpoints.update, { body: { ...values, version: data.version }, quietCodes: handledByForm }),
    savedMessage: '直营配置已保存',
    canEdit: usePermission('directConfig.update'),
  };

  return (
    <SettingsForm
      spec={spec}
      className="saas-config-form"
      frame={(data, form) => (
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
            {form}
          </Card>
        </div>
      )}
    >
      {() => (
        <>
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
        </>
      )}
    </SettingsForm>
  );
}
