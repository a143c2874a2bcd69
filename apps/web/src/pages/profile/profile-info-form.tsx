import { type CurrentUser, authEndpoints, updateProfileBody } from '@console/contract';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { LockableButton, useWriteLocked } from '../../components/resource/write-lock';
import { api, applyFieldErrors } from '../../lib/api/request';
import { avatarUrl } from '../../lib/avatar';
import { useSession } from '../../stores/session';
import { UserAvatar } from '../../components/user-avatar';

interface Values {
  name: string;
  phone: string;
  email: string;
  headImg: string;
}

/** Validates one field with the contract's own schema, so the form and the server agree. */
function contractRule(field: keyof typeof updateProfileBody.shape) {
  return {
    validator: (_: unknown, value: unknown) => {
      const result = updateProfileBody.shape[field].safeParse(value ?? '');
      return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message));
    },
  };
}

/**
 * Name, phone, e-mail and avatar URL of the signed-in account.
 * Its own form: the account is the session's own (no list, no version), saved into the session store.
 */
export function ProfileInfoForm({ user, onSaved }: { user: CurrentUser; onSaved: (user: CurrentUser) => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const locked = useWriteLocked();
  const headImg = Form.useWatch('headImg', form) ?? user.headImg;

  const save = async (values: Values) => {
    if (locked) return;
    setSaving(true);
    try {
      const saved = await api(authEndpoints.updateProfile, {
        body: { name: values.name, headImg: values.headImg, phone: values.phone, email: values.email },
      });
      useSession.getState().setProfile(saved);
      onSaved(saved);
      void message.success('个人资料已保存');
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
      initialValues={{ name: user.name, phone: user.phone, email: user.email, headImg: user.headImg }}
      onFinish={(values) => void save(values)}
    >
      {/* validateFirst: an empty name is told once (required), not again by the schema's own minimum. */}
      <Form.Item
        name="name"
        label="姓名"
        validateFirst
        rules={[{ required: true, message: '请输入姓名' }, contractRule('name')]}
      >
        <Input maxLength={40} autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label="手机号" rules={[contractRule('phone')]}>
        <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={[contractRule('email')]}>
        <Input maxLength={120} autoComplete="email" />
      </Form.Item>
      <Form.Item
        name="headImg"
        label="头像地址"
        extra="填写图片链接；留空使用默认头像"
        rules={[contractRule('headImg')]}
      >
        <Input maxLength={500} addonAfter={<UserAvatar size="small" src={avatarUrl(headImg)} alt="头像预览" />} />
      </Form.Item>
      <LockableButton locked={locked} type="primary" htmlType="submit" loading={saving}>
        保存
      </LockableButton>
    </Form>
  );
}
