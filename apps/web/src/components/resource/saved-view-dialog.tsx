import {
  type SavedView,
  type SavedViewShare,
  permissionOf,
  saasRoleResource,
  savedViewShareLabels,
} from '@console/contract';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../../stores/session';
import { useActionDialog } from './action-dialog';
import { ReferenceSelect, referenceTo } from './reference-select';
import type { SavedViewsControl } from './use-saved-views';

interface Values {
  name: string;
  share: SavedViewShare;
  roleId?: string | null;
}

const roleSource = referenceTo(saasRoleResource, { label: 'name', search: 'keyword' });

/**
 * How the signed-in operator may share: the platform with a role (when it may read the roles to
 * pick one), a provider's administrator with its staff; staff keep their views to themselves.
 */
export function useShareChoices(): SavedViewShare[] {
  const adminType = useSession((s) => s.adminType);
  const canPickRole = useSession((s) => s.permissions.has(permissionOf(saasRoleResource.endpoints.page!.access) ?? ''));
  return useMemo(() => {
    if (adminType === 0) return canPickRole ? ['private', 'role'] : ['private'];
    return adminType === 1 ? ['private', 'provider'] : ['private'];
  }, [adminType, canPickRole]);
}

/** 保存视图 (a new view from the list as it is) and 视图设置 (rename, share) of one of the operator's views. */
export function useSavedViewDialog(control: SavedViewsControl) {
  const choices = useShareChoices();
  return useActionDialog<SavedView | null, Values>({
    title: ([view]) => (view ? '视图设置' : '保存当前为视图'),
    summary: ([view]) =>
      view ? `修改视图「${view.name}」的名称或共享范围。` : '保存当前的筛选条件、排序、列设置和每页条数。',
    initialValues: ([view]) =>
      view ? { name: view.name, share: view.share, roleId: view.roleId } : { share: 'private' },
    okText: '保存',
    form: (
      <>
        <Form.Item
          name="name"
          label="视图名称"
          rules={[{ required: true, whitespace: true, message: '请输入视图名称' }]}
        >
          <Input maxLength={30} showCount placeholder="如：本月到期门店" />
        </Form.Item>
        <Form.Item name="share" label="共享范围">
          <Select options={choices.map((value) => ({ value, label: savedViewShareLabels[value] }))} />
        </Form.Item>
        <Form.Item noStyle dependencies={['share']}>
          {({ getFieldValue }) =>
            getFieldValue('share') === 'role' && (
              <Form.Item name="roleId" label="共享给角色" rules={[{ required: true, message: '请选择角色' }]}>
                <ReferenceSelect source={roleSource} placeholder="选择角色" />
              </Form.Item>
            )
          }
        </Form.Item>
      </>
    ),
    submit: async ([view], values) => {
      const sharing = { share: values.share, roleId: values.share === 'role' ? (values.roleId ?? null) : null };
      if (view) await control.update(view, { name: values.name.trim(), ...sharing });
      else await control.saveAs({ name: values.name.trim(), ...sharing });
    },
  });
}
