import { App, Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { changePassword } from '../../components/password/change-password';
import { PasswordChangeFields } from '../../components/password/password-change-fields';
import { applyFieldErrors } from '../../lib/api/request';
import { useSession } from '../../stores/session';
import { keepRememberPassword } from './remember';

interface ChangeValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Shown instead of the console while the account must set a new password (changePsw). It cannot be
 * dismissed: the operator either sets a password or signs out.
 * Its own form: it stands in for the console, before any screen machinery is loaded.
 */
export function ChangePasswordDialog() {
  const [form] = Form.useForm<ChangeValues>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const save = async (values: ChangeValues) => {
    setSaving(true);
    try {
      await changePassword(values);
      // The server revoked every 记住密码 of the account with the old password.
      keepRememberPassword(false);
      useSession.getState().setChangePsw(false);
      void message.success('密码已修改');
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const signOut = async () => {
    await useSession.getState().logout();
    await navigate('/login', { replace: true });
  };

  return (
    <Modal
      open
      title="请先修改初始密码"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button key="logout" onClick={() => void signOut()}>
          退出登录
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => form.submit()}>
          确认修改
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        为了账号安全，首次登录或密码被重置后需要设置新密码，修改后即可进入系统。
      </Typography.Paragraph>
      <Form<ChangeValues> form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <PasswordChangeFields />
      </Form>
    </Modal>
  );
}
