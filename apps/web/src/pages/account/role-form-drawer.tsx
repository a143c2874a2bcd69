import { type SaasRole, saasRoleCreate, saasRoleEndpoints, saasRoleResource } from '@console/contract';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { MenuGrantsField } from '../../components/menu-tree/menu-grants-field';
import type { FormDrawerProps } from '../../components/resource/define-web-resource';
import { RecordFormDrawer, schemaRules } from '../../components/resource/record-form-drawer';
import { api } from '../../lib/api/request';

interface RoleValues {
  name: string;
  code: string;
  sort: number;
  status: number;
  requireSecondFactor: boolean;
  remark: string;
  menuIds: string[];
}

const shape = saasRoleCreate.shape;
const blank: RoleValues = {
  name: '',
  code: '',
  sort: 0,
  status: 1,
  requireSecondFactor: false,
  remark: '',
  menuIds: [],
};
const statusOptions = saasRoleResource.entity.shape.status.options;

const loadCatalogue = (signal: AbortSignal) => api(saasRoleEndpoints.getMenu, { signal });

/**
 * 新增/编辑角色: name, code, order, status, remark and the menus it grants, chosen on the platform
 * catalogue tree (pages with their action entries as leaves). A change reaches the holders at once.
 */
export function RoleFormDrawer(props: FormDrawerProps<SaasRole>) {
  return (
    <RecordFormDrawer<SaasRole, RoleValues>
      {...props}
      size={720}
      blank={blank}
      fromDetail={(detail) => ({
        name: String(detail.name),
        code: String(detail.code),
        sort: Number(detail.sort),
        status: Number(detail.status),
        requireSecondFactor: detail.requireSecondFactor === 1,
        remark: String(detail.remark),
        menuIds: detail.menuIds as string[],
      })}
      toBody={(values) => ({ ...values, requireSecondFactor: values.requireSecondFactor ? 1 : 0 })}
    >
      {() => (
        <>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="name" label="角色名称" rules={schemaRules(shape.name, '请输入角色名称')}>
                <Input placeholder="如 财务、运营" maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="code" label="角色编码" rules={schemaRules(shape.code, '请输入角色编码')}>
                <Input placeholder="如 finance" maxLength={40} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={12}>
              <Form.Item name="sort" label="排序" rules={schemaRules(shape.sort, '请输入排序')}>
                <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={12}>
              <Form.Item name="status" label="状态" rules={schemaRules(shape.status, '请选择状态')}>
                <Select options={statusOptions} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="requireSecondFactor"
            label="要求两步验证"
            valuePropName="checked"
            extra="开启后，拥有该角色的账号每次登录都须输入验证器中的动态码；未绑定的账号在输入密码后先完成绑定。"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={schemaRules(shape.remark)}>
            <Input.TextArea placeholder="说明这个角色的用途" autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Form.Item name="menuIds" label="菜单权限" rules={schemaRules(shape.menuIds)}>
            <MenuGrantsField queryKey={['saasRole', 'catalogue']} load={loadCatalogue} />
          </Form.Item>
        </>
      )}
    </RecordFormDrawer>
  );
}
