import { authEndpoints, password as passwordPolicy } from '@console/contract';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, applyFieldErrors } from '../../lib/api/request';
import { useSession } from '../../stores/session';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export const PASSWORD_POLICY_TEXT = '8–64 位，需同时包含字母和数字';

/** Change password; on success the session ends and the operator signs in again with the new one. */
export function ProfilePasswordForm() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      await api(authEndpoints.changePassword, {
        body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
      });
      void message.success('密码已修改，请使用新密码重新登录');
      await useSession.getState().logout();
      await navigate('/login', { replace: true });
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="profile-form"
      onFinish={(values) => void save(values)}
      requiredMark={false}
    >
      <Form.Item name="oldPassword" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        extra={PASSWORD_POLICY_TEXT}
        dependencies={['oldPassword']}
        rules={[
          { required: true, message: '请输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value) return Promise.resolve();
              const result = passwordPolicy.safeParse(value);
              if (!result.success) {
                return Promise.reject(new Error(result.error.issues[0]?.message ?? '密码不符合要求'));
              }
              return value === getFieldValue('oldPassword')
                ? Promise.reject(new Error('新密码不能与当前密码相同'))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        修改密码
      </Button>
    </Form>
  );
}
