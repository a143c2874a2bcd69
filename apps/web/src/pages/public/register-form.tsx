import { publicEndpoints, registrationBody, registrationKind } from '@console/contract';
import { Button, Checkbox, Form, Input, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { api, applyFieldErrors } from '../../lib/api/request';

type Field = keyof typeof registrationBody.shape;

/**
 * A form rule that checks one field with the contract's own schema, so client and server agree.
 * A required field left empty says what to fill in (请输入企业名称), not the schema's minimum length.
 */
function schemaRule(field: Field, required?: string): Rule {
  return {
    validator: (_rule, value: unknown) => {
      if (required && (value === undefined || (typeof value === 'string' && !value.trim()))) {
        return Promise.reject(new Error(required));
      }
      const result = registrationBody.shape[field].safeParse(value ?? (field === 'kind' ? undefined : ''));
      return result.success
        ? Promise.resolve()
        : Promise.reject(new Error(result.error.issues[0]?.message ?? '格式不正确'));
    },
  };
}

export interface RegistrationReceipt {
  agentNo: string;
  contactPhone: string;
}

interface FormValues {
  kind: number;
  name: string;
  contactName: string;
  contactPhone: string;
  region: string;
  address?: string;
  remark?: string;
  agreed: boolean;
}

/**
 * The provider application form; calls `onSubmitted` with the application number.
 * A public page before sign-in: no resource, version or session, so its own form.
 */
export function RegisterForm({ onSubmitted }: { onSubmitted: (receipt: RegistrationReceipt) => void }) {
  const [form] = Form.useForm<FormValues>();
  const [submitting, setSubmitting] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 1;
  const isCompany = kind === 1;

  const submit = async ({ agreed: _agreed, ...values }: FormValues) => {
    setSubmitting(true);
    try {
      // The field rules already ran the same schema; parsing applies its trimming and defaults.
      const body = registrationBody.parse(values);
      const result = await api(publicEndpoints.register, { body });
      onSubmitted({ agentNo: result.agentNo, contactPhone: body.contactPhone });
    } catch (error) {
      // The request client has already shown the message; put field messages on their fields.
      applyFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{ kind: 1, agreed: false }}
      onFinish={(values) => void submit(values)}
      scrollToFirstError
    >
      <Form.Item label="申请类型" name="kind" rules={[schemaRule('kind')]} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={registrationKind.options.map((o) => ({ value: o.value, label: o.label }))}
        />
      </Form.Item>
      <Form.Item
        label={isCompany ? '企业名称' : '姓名'}
        name="name"
        rules={[schemaRule('name', isCompany ? '请输入企业名称' : '请输入姓名')]}
        required
      >
        <Input placeholder={isCompany ? '与营业执照一致的企业全称' : '申请人真实姓名'} maxLength={60} />
      </Form.Item>
      <Form.Item label="联系人" name="contactName" rules={[schemaRule('contactName', '请输入联系人')]} required>
        <Input placeholder="负责对接的联系人姓名" maxLength={30} />
      </Form.Item>
      <Form.Item label="联系电话" name="contactPhone" rules={[schemaRule('contactPhone', '请输入联系电话')]} required>
        <Input placeholder="11 位手机号" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="所在地区" name="region" rules={[schemaRule('region', '请输入所在地区')]} required>
        <Input placeholder="例如：浙江省/杭州市/西湖区" maxLength={60} />
      </Form.Item>
      <Form.Item label="详细地址" name="address" rules={[schemaRule('address')]}>
        <Input placeholder="街道、门牌号（选填）" maxLength={120} />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[schemaRule('remark')]}>
        <Input.TextArea placeholder="主营业态、覆盖区域等（选填）" maxLength={300} showCount rows={3} />
      </Form.Item>
      <Form.Item
        name="agreed"
        valuePropName="checked"
        rules={[
          {
            validator: (_r, v: unknown) =>
              v ? Promise.resolve() : Promise.reject(new Error('请阅读并同意用户协议和隐私政策')),
          },
        ]}
      >
        <Checkbox>
          我已阅读并同意
          <a href="/userAgreement" target="_blank" rel="noreferrer">
            《用户协议》
          </a>
          和
          <a href="/privacyAgreement" target="_blank" rel="noreferrer">
            《隐私政策》
          </a>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        提交申请
      </Button>
    </Form>
  );
}
