import { type SaasAdmin, saasAdminCreate, saasRoleEndpoints, saasRoleResource } from '@console/contract';
import { Button, Form, Input, Space } from 'antd';
import { AccountIdentityFields, identityValuesOf } from '../../components/account/account-identity-fields';
import type { FormDrawerProps } from '../../components/resource/define-web-resource';
import { RecordFormDrawer, schemaRules } from '../../components/resource/record-form-drawer';
import { type ReferenceSource, ReferenceSelect, referenceTo } from '../../components/resource/reference-select';
import { generatePassword } from './generate-password';

interface AdminValues {
  loginName: string;
  name: string;
  phone: string;
  email: string;
  roleIds: string[];
  password?: string;
}

// The roles to choose from; a role's detail endpoint labels a held role beyond the first page.
const roles: ReferenceSource = {
  ...referenceTo(saasRoleResource, { label: 'name', search: 'keyword' }),
  get: saasRoleEndpoints.getById,
};
const shape = saasAdminCreate.shape;
const blank: AdminValues = { loginName: '', name: '', phone: '', email: '', roleIds: [], password: '' };

/**
 * 新增/编辑账号: the account's own fields, its roles, and on creation the initial password (typed
 * or generated) that the account must replace at its first sign-in. The login name is fixed once
 * created.
 */
export function AdminFormDrawer(props: FormDrawerProps<SaasAdmin>) {
  return (
    <RecordFormDrawer<SaasAdmin, AdminValues>
      {...props}
      blank={blank}
      fromDetail={(detail) => ({
        ...identityValuesOf(detail),
        roleIds: detail.roleIds as string[],
      })}
      toBody={({ loginName, password, ...values }, editing) => (editing ? values : { ...values, loginName, password })}
    >
      {(form, editing) => (
        <>
          <AccountIdentityFields shape={shape} editing={editing} loginNameHint="字母、数字和 _ . @ -，3 到 32 位" />
          {/* The schema's minimum says 请至少选择一个角色 once; a required rule would repeat it. */}
          <Form.Item
            name="roleIds"
            label="角色"
            required
            rules={schemaRules(shape.roleIds)}
            extra="账号可见的菜单和可做的操作来自所选角色；至少选择一个，否则账号无法登录"
          >
            <ReferenceSelect source={roles} multiple placeholder="请选择角色" />
          </Form.Item>
          {!editing && (
            <Form.Item label="初始密码" required extra="至少 8 位，包含字母和数字；账号首次登录时须修改">
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="password" noStyle rules={schemaRules(shape.password, '请输入初始密码')}>
                  <Input.Password
                    aria-label="初始密码"
                    placeholder="请输入初始密码"
                    autoComplete="new-password"
                    maxLength={64}
                  />
                </Form.Item>
                <Button
                  onClick={() => {
                    form.setFieldValue('password', generatePassword());
                    void form.validateFields(['password']);
                  }}
                >
                  随机生成
                </Button>
              </Space.Compact>
            </Form.Item>
          )}
        </>
      )}
    </RecordFormDrawer>
  );
}
