import { App, Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { changePassword } from '../../components/password/change-password';
import { PasswordChangeFields } from '../../components/password/password-change-fields';
import { LockableButton, useWriteLocked } from '../../components/resource/write-lock';
import { applyFieldErrors } from '../../lib/api/request';
import { useSession } from '../../stores/session';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Change password; on success the session ends and the operator signs in again with the new one.
 * Its own form: it ends the session rather than saving a record.
 */
export function ProfilePasswordForm() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const locked = useWriteLocked();

  const save = async (values: Values) => {
    if (locked) return;
    setSaving(true);
    try {
      await changePassword(values);
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
      <PasswordChangeFields />
      <LockableButton locked={locked} type="primary" htmlType="submit" loading={saving}>
        修改密码
      </LockableButton>
    </Form>
  );
}
