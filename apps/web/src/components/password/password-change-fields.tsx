import { password as passwordPolicy } from '@console/contract';
import { Form, Input } from 'antd';

/** The password rule as operators read it; the check itself is the contract's `password` schema. */
export const PASSWORD_POLICY_TEXT = '8–64 位，需同时包含字母和数字';

/**
 * Current password, new password and its confirmation, for every form that changes a password
 * (the forced change after sign-in, the personal centre). Field names match the
 * `changePassword` body (`oldPassword`, `newPassword`) plus `confirm`.
 */
export function PasswordChangeFields() {
  return (
    <>
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
    </>
  );
}
