import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, type FormInstance, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useId, useState } from 'react';
import type { z } from 'zod';
import { api } from '../../lib/api/request';
import type { FormDrawerProps } from './define-web-resource';
import { schemaMessage } from './field-schema';
import {
  FormDrawerFooter,
  VersionConflictAlert,
  handledByForm,
  useConfirmDiscard,
  useVersionedSave,
} from './versioned-save';
import { zh } from '../../lib/zh-text';
import { ErrorResult } from '../error-result';

type Detail = Record<string, unknown> & { id: string; version?: number };

/**
 * Client rules from a contract schema: a required message when asked, then the schema's own first
 * message, so the form refuses exactly what the server would.
 */
export function schemaRules(schema: z.ZodType, required?: string): Rule[] {
  return [
    ...(required ? [{ required: true, message: required }] : []),
    {
      validator: (_rule, value: unknown) => {
        if (value === undefined || value === '' || value === null) return Promise.resolve();
        const message = schemaMessage(schema, value);
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    },
  ];
}

export interface RecordFormDrawerProps<Row, Values> extends FormDrawerProps<Row> {
  /** The form values of a new record. */
  blank: Values;
  /** The form values of an existing record, from its full detail (the `get` endpoint's answer). */
  fromDetail: (detail: Detail) => Values;
  /** The create or update body from the form values (update gets `id` and `version` added). */
  toBody: (values: Values, editing: boolean) => Record<string, unknown>;
  /** The form items; given the form and whether a record is being edited. */
  children: (form: FormInstance<Values>, editing: boolean) => ReactNode;
  size?: number;
  /** Receives the create endpoint's answer (e.g. a generated password to show once), before `onSaved`. */
  onCreated?: (answer: unknown) => void;
}

/**
 * A create/edit drawer for a screen whose form is more than plain fields (a multi-select, a menu
 * tree). Editing reads the full record with the `get` endpoint first (the list row lacks what it
 * holds: role ids, menu ids); saving shows server field errors on their fields, and a stale version
 * keeps what was typed with a clear message and a way to load the newest data.
 */
export function RecordFormDrawer<Row extends { id: string }, Values extends object>({
  web,
  record,
  onClose,
  onSaved,
  blank,
  fromDetail,
  toBody,
  children,
  size = 560,
  onCreated,
}: RecordFormDrawerProps<Row, Values>) {
  const [form] = Form.useForm<Values>();
  // Input ids must stay unique while another tab of the same screen is mounted (keep-alive).
  const formName = `record${useId().replaceAll(':', '')}`;
  const { resource, endpoints } = web;
  const editing = record !== null;
  const { saving, conflict, save, takeLatest } = useVersionedSave(form);
  const close = useConfirmDiscard(form, onClose);
  const [version, setVersion] = useState<number>();

  const detail = useQuery({
    queryKey: [resource.name, 'formDetail', record?.id],
    queryFn: async ({ signal }) => {
      const loaded = (await api(endpoints.get!, { query: { id: record!.id }, signal })) as Detail;
      setVersion(loaded.version);
      return loaded;
    },
    enabled: editing && !!endpoints.get,
    // The form is filled once per opening; a refetch must not overwrite what is being typed.
    staleTime: Infinity,
    gcTime: 0,
  });

  const submit = async (values: Values) => {
    const endpoint = editing ? endpoints.update : endpoints.create;
    if (!endpoint) return;
    const body = toBody(values, editing);
    await save(
      async () => {
        const answer = await api(endpoint, {
          body: editing ? { ...body, id: record.id, version } : body,
          quietCodes: handledByForm,
        });
        if (!editing) onCreated?.(answer);
      },
      !editing,
      onSaved,
    );
  };

  /** Takes the newest version's values; the operator chose to drop what they typed. */
  const reloadLatest = () =>
    takeLatest(async () => {
      if (!record) return;
      const latest = (await api(endpoints.get!, { query: { id: record.id } })) as Detail;
      setVersion(latest.version);
      form.setFieldsValue(fromDetail(latest));
    });

  const ready = !editing || detail.isSuccess;
  return (
    <Drawer
      open
      onClose={close}
      title={zh(editing ? '编辑' : '新增', resource.title)}
      size={size}
      destroyOnHidden
      footer={<FormDrawerFooter saving={saving} disabled={!ready} onCancel={close} onSave={() => form.submit()} />}
    >
      {conflict && <VersionConflictAlert onReload={() => void reloadLatest()} />}
      {editing && detail.isError ? (
        <ErrorResult title="记录加载失败" extra={<Button onClick={() => void detail.refetch()}>重试</Button>} />
      ) : ready ? (
        <Form<Values>
          form={form}
          name={formName}
          layout="vertical"
          initialValues={editing && detail.data ? fromDetail(detail.data) : blank}
          onFinish={(values) => void submit(values)}
        >
          {children(form, editing)}
        </Form>
      ) : (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
          <Spin description="正在加载…" />
        </div>
      )}
    </Drawer>
  );
}
