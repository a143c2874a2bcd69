import { Drawer, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useId, useState } from 'react';
import { api } from '../../lib/api/request';
import type { FormDrawerProps, WebField } from './define-web-resource';
import { fieldInput } from './field-inputs';
import { toFormValue, toWireValue } from './field-kinds';
import { schemaMessage } from './field-schema';
import {
  FormDrawerFooter,
  VersionConflictAlert,
  handledByForm,
  useConfirmDiscard,
  useVersionedSave,
} from './versioned-save';
import { zh } from '../../lib/zh-text';
import { requiredMessage } from './required-message';

type Record_ = Record<string, unknown> & { id?: string; version?: number };

/** Client rules: the contract's own schema for the field, so client and server agree. */
function rulesOf<Row>(field: WebField<Row>, editing: boolean): Rule[] {
  // A write-only field left blank while editing keeps the stored secret.
  const keepable = editing && !!field.writeOnly;
  return [
    ...(field.required && field.kind !== 'switch' && !keepable
      ? [{ required: true, message: requiredMessage(field) }]
      : []),
    {
      validator: (_rule, value: unknown) => {
        const wire = toWireValue(field, value);
        if (wire === undefined || (wire === '' && (field.required || keepable))) return Promise.resolve();
        const message = schemaMessage(field.schema, wire);
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    },
  ];
}

/** A new record's enum starts at its first option; an on/off pair (0/1: 停用/启用) starts on. */
function defaultOption<Row>(field: WebField<Row>): number | undefined {
  const values = field.options?.map((option) => option.value) ?? [];
  if (values.length === 2 && values.includes(0) && values.includes(1)) return 1;
  return values[0];
}

function initialValues<Row>(fields: WebField<Row>[], record: Record_ | null): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field) => {
      // A new record's optional text starts empty (''), which the contract accepts for a blank field.
      const blank = field.kind === 'text' || field.kind === 'textarea' ? '' : undefined;
      const value = record
        ? field.writeOnly
          ? ''
          : record[field.name]
        : (field.defaultValue ?? defaultOption(field) ?? blank);
      return [field.name, toFormValue(field, value)];
    }),
  );
}

/** Create/edit drawer: contract rules on the client, server field errors on their fields, version conflicts kept safe. */
export function ResourceFormDrawer<Row>({ web, record, onClose, onSaved }: FormDrawerProps<Row>) {
  const [form] = Form.useForm();
  // Input ids must stay unique while another tab of the same screen is mounted (keep-alive).
  const formName = `record${useId().replaceAll(':', '')}`;
  const { saving, conflict, save, takeLatest } = useVersionedSave(form);
  const close = useConfirmDiscard(form, onClose);
  const editing = record as Record_ | null;
  const fields = editing ? web.form.filter((field) => !field.createOnly) : web.form;
  const [version, setVersion] = useState(editing?.version);
  const [initial] = useState(() => initialValues(fields, editing));
  const { resource } = web;

  const submit = async (values: Record<string, unknown>) => {
    const body: Record<string, unknown> = {};
    for (const field of fields) {
      const wire = toWireValue(field, values[field.name]);
      if (wire !== undefined) body[field.name] = wire;
    }
    const endpoint = editing ? web.endpoints.update : web.endpoints.create;
    if (!endpoint) return;
    await save(
      () => api(endpoint, { body: editing ? { ...body, id: editing.id, version } : body, quietCodes: handledByForm }),
      !editing,
      onSaved,
    );
  };

  /** Takes the newest version's values; the operator chose to drop what they typed. */
  const reloadLatest = () =>
    takeLatest(async () => {
      const get = web.endpoints.get;
      if (!get || !editing?.id) return;
      const latest = (await api(get, { query: { id: editing.id } })) as Record_;
      setVersion(latest.version);
      form.setFieldsValue(initialValues(fields, latest));
    });

  return (
    <Drawer
      open
      onClose={close}
      title={zh(editing ? (web.editLabel ?? '编辑') : '新增', resource.title)}
      size={520}
      destroyOnHidden
      footer={<FormDrawerFooter saving={saving} onCancel={close} onSave={() => form.submit()} />}
    >
      {conflict && <VersionConflictAlert onReload={web.endpoints.get ? () => void reloadLatest() : undefined} />}
      <Form
        form={form}
        name={formName}
        layout="vertical"
        initialValues={initial}
        onFinish={(values: Record<string, unknown>) => void submit(values)}
      >
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            extra={editing && field.writeOnly ? '留空则保持原值不变' : field.help}
            rules={rulesOf(field, !!editing)}
            valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
          >
            {field.input ? <field.input record={record} /> : fieldInput(field, editing)}
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
