import {
  type MenuScope,
  type SaasMenu,
  menuKind,
  menuScopeLabels,
  saasMenuCreate,
  saasMenuEndpoints,
} from '@console/contract';
import { Alert, Drawer, Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { schemaMessage } from '../../components/resource/field-schema';
import {
  FormDrawerFooter,
  VersionConflictAlert,
  handledByForm,
  useConfirmDiscard,
  useVersionedSave,
} from '../../components/resource/versioned-save';
import { api } from '../../lib/api/request';
import { MenuIconSelect } from './menu-icon-select';
import { type MenuRow, isBuiltIn, parentOptions } from './saas-menu-tree';

/**
 * What the drawer edits: an existing entry, or a new one under `parentId` in `scope` (under a page
 * it starts as an action, the usual child of a page; otherwise as a page).
 */
export type MenuEditTarget =
  { record: SaasMenu } | { scope: MenuScope; parentId: string | null; parentKind?: SaasMenu['kind'] };

interface Props {
  target: MenuEditTarget;
  /** The scope's tree, to choose a parent from. */
  tree: MenuRow[];
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  parentId: string | null;
  kind: 1 | 2 | 3;
  url: string;
  title: string;
  icon: string;
  path: string;
  sort: number;
  hidden: boolean;
}

const shape = saasMenuCreate.shape;

/** Client rules: the contract's own schema for the field, so client and server agree. */
function rule(schema: z.ZodType, required?: string): Rule[] {
  return [
    ...(required ? [{ required: true, message: required }] : []),
    {
      validator: (_rule, value: unknown) => {
        // An empty required field already has the required message; one message is enough.
        if (value === undefined || value === null || (required && value === '')) return Promise.resolve();
        const message = schemaMessage(schema, typeof value === 'string' ? value.trim() : value);
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    },
  ];
}

function valuesOf(record: SaasMenu | null, parentId: string | null, kind: Values['kind'] = 2): Values {
  return record
    ? { ...record, hidden: record.hidden === 1 }
    : { parentId, kind, url: '', title: '', icon: '', path: '', sort: 1, hidden: false };
}

/**
 * Create/edit a catalogue entry; a stale version keeps what was typed and offers the newest data.
 * Not RecordFormDrawer: the entry comes from the tree already loaded (no get endpoint) and a new one starts under a chosen parent; it saves through the same useVersionedSave.
 */
export function SaasMenuDrawer({ target, tree, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const formName = `saasMenu${useId().replaceAll(':', '')}`;
  const record = 'record' in target ? target.record : null;
  const scope = record?.scope ?? ('scope' in target ? target.scope : 'platform');
  // Built-in entries are found by their code and path (screens, grants): only their presentation is editable.
  const locked = record ? isBuiltIn(record) : false;
  const [version, setVersion] = useState(record?.version);
  const { saving, conflict, save, takeLatest } = useVersionedSave(form);
  const close = useConfirmDiscard(form, onClose);
  const [initial] = useState(() =>
    'parentId' in target ? valuesOf(null, target.parentId, target.parentKind === 2 ? 3 : 2) : valuesOf(record, null),
  );
  const kind = Form.useWatch('kind', form) ?? initial.kind;

  const submit = async (values: Values) => {
    const presentation = {
      title: values.title.trim(),
      icon: values.icon ?? '',
      sort: values.sort,
      hidden: values.hidden ? (1 as const) : (0 as const),
    };
    const structure = {
      parentId: values.parentId ?? null,
      kind: values.kind,
      url: values.url.trim(),
      path: (values.path ?? '').trim(),
    };
    await save(
      () =>
        record
          ? api(saasMenuEndpoints.update, {
              body: {
                ...presentation,
                ...(locked ? {} : structure),
                id: record.id,
                version: version ?? record.version,
              },
              quietCodes: handledByForm,
            })
          : api(saasMenuEndpoints.create, {
              body: { ...presentation, ...structure, scope },
              quietCodes: handledByForm,
            }),
      !record,
      onSaved,
    );
  };

  /** Takes the newest version's values; the operator chose to drop what they typed. */
  const reloadLatest = () =>
    takeLatest(async () => {
      if (!record) return;
      const latest = await api(saasMenuEndpoints.get, { query: { id: record.id } });
      setVersion(latest.version);
      form.setFieldsValue(valuesOf(latest, latest.parentId));
    });

  return (
    <Drawer
      open
      onClose={close}
      title={record ? `编辑菜单：${record.title}` : `新增${menuScopeLabels[scope]}`}
      size={520}
      destroyOnHidden
      footer={<FormDrawerFooter saving={saving} onCancel={close} onSave={() => form.submit()} />}
    >
      {conflict && <VersionConflictAlert thing="菜单" onReload={() => void reloadLatest()} />}
      {locked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="内置菜单"
          description="路由名、路径、类型和上级由系统定义，这里可修改标题、图标、排序和是否隐藏。"
        />
      )}
      <Form<Values>
        form={form}
        name={formName}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="parentId" label="上级菜单" extra="不选则为顶级菜单">
          <TreeSelect
            allowClear
            disabled={locked}
            placeholder="顶级菜单"
            treeData={parentOptions(tree)}
            treeDefaultExpandAll={false}
            showSearch
            treeNodeFilterProp="title"
          />
        </Form.Item>
        <Form.Item name="kind" label="类型" rules={[{ required: true, message: '请选择类型' }]}>
          <Select disabled={locked} options={menuKind.options} />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={rule(shape.title, '请输入标题')}>
          <Input maxLength={30} showCount allowClear placeholder="侧边栏和标签页显示的名称" />
        </Form.Item>
        <Form.Item
          name="url"
          label={kind === 3 ? '权限码' : '路由名'}
          rules={rule(shape.url, '请输入路由名或权限码')}
          extra={kind === 3 ? '如 store.export，接口按它判断权限' : '页面的路由名，与前端页面一致'}
        >
          <Input disabled={locked} maxLength={80} allowClear />
        </Form.Item>
        {kind !== 3 && (
          <Form.Item name="path" label="路由路径" rules={rule(shape.path)}>
            <Input disabled={locked} maxLength={200} allowClear placeholder="如 /userMgt/agentMgt" />
          </Form.Item>
        )}
        {kind !== 3 && (
          <Form.Item name="icon" label="图标">
            <MenuIconSelect />
          </Form.Item>
        )}
        <Form.Item name="sort" label="排序" rules={rule(shape.sort, '请输入排序')} extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {kind !== 3 && (
          <Form.Item name="hidden" label="在侧边栏隐藏" valuePropName="checked">
            <Switch checkedChildren="隐藏" unCheckedChildren="显示" />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
