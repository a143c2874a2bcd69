import { Form, Input } from 'antd';
import type { z } from 'zod';
import { schemaRules } from '../resource/record-form-drawer';

/** The schemas of an operator account's own fields, from its create body. */
interface IdentityShape {
  loginName: z.ZodType;
  name: z.ZodType;
  phone: z.ZodType;
  email: z.ZodType;
}

/** An account's own fields as its detail answers them, for the form to start from. */
export function identityValuesOf(detail: Record<string, unknown>) {
  return {
    loginName: String(detail.loginName),
    name: String(detail.name),
    phone: String(detail.phone),
    email: String(detail.email),
  };
}

/**
 * 登录名, 姓名, 手机号 and 邮箱 in an account's form (账号管理, 实施人员): the login name is fixed
 * once created; `loginNameHint` says what a new one may be.
 */
export function AccountIdentityFields(props: { shape: IdentityShape; editing: boolean; loginNameHint: string }) {
  const { shape, editing, loginNameHint } = props;
  return (
    <>
      <Form.Item
        name="loginName"
        label="登录名"
        rules={editing ? [] : schemaRules(shape.loginName, '请输入登录名')}
        extra={editing ? '登录名创建后不能修改' : loginNameHint}
      >
        <Input disabled={editing} placeholder="请输入登录名" maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label="姓名" rules={schemaRules(shape.name, '请输入姓名')}>
        <Input placeholder="请输入姓名" maxLength={30} />
      </Form.Item>
      <Form.Item name="phone" label="手机号" rules={schemaRules(shape.phone)}>
        <Input placeholder="请输入手机号" maxLength={11} allowClear />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={schemaRules(shape.email)}>
        <Input placeholder="请输入邮箱" maxLength={120} allowClear />
      </Form.Item>
    </>
  );
}
