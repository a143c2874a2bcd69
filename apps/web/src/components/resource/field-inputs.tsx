import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import { LazyRichTextEditor } from '../rich-text/lazy-rich-text-editor';
import type { ReactNode } from 'react';
import type { WebField } from './define-web-resource';
import type { FieldKind } from './field-schema';
import { ReferenceSelect } from './reference-select';
import { UploadField } from '../upload/upload-field';
import { RegionCascader } from '../region/region-cascader';
import { zh } from '../../lib/zh-text';

type Field = WebField<unknown>;
type EditedRecord = Readonly<Record<string, unknown>> | null | undefined;

/**
 * The name the edited record carries beside a reference id, by the contract's naming (agentId →
 * agentName, storeId → storeName), so the picker shows 平台直营, never the bare id 1.
 */
function recordLabels(field: Field, record: EditedRecord): Record<string, string> | undefined {
  const id = record?.[field.name];
  const name = record?.[field.name.replace(/Id$/, 'Name')];
  return typeof id === 'string' && typeof name === 'string' && name ? { [id]: name } : undefined;
}

/**
 * The form control of each field kind (antd Form injects value/onChange). Only the form drawers
 * import this file, so the pickers and number inputs load when a drawer first opens; how a kind is
 * shown and converted stays in field-kinds.tsx, which every list needs.
 */
const textInput = (field: Field) =>
  field.writeOnly ? (
    <Input.Password placeholder={field.placeholder ?? zh('请输入', field.label)} autoComplete="new-password" />
  ) : (
    <Input placeholder={field.placeholder ?? zh('请输入', field.label)} maxLength={field.maxLength} allowClear />
  );

// Without a purpose there is nothing to upload for: the URL is typed.
const uploadInput = (field: Field) =>
  field.upload ? <UploadField purpose={field.upload.purpose} keep={field.upload.keep} /> : textInput(field);

const inputs: Record<FieldKind, (field: Field, record: EditedRecord) => ReactNode> = {
  text: textInput,
  reference: (field, record) =>
    field.reference ? (
      <ReferenceSelect
        source={field.reference}
        knownLabels={recordLabels(field, record)}
        multiple={field.multiple}
        allowClear={!field.required}
        placeholder={field.placeholder ?? zh('请选择', field.label)}
      />
    ) : (
      <Input placeholder={field.placeholder ?? zh('请输入', field.label, '编号')} allowClear />
    ),
  textarea: (field) => (
    <Input.TextArea
      placeholder={field.placeholder ?? zh('请输入', field.label)}
      maxLength={field.maxLength}
      showCount={!!field.maxLength}
      autoSize={{ minRows: 2, maxRows: 6 }}
    />
  ),
  number: (field) => <InputNumber placeholder={field.placeholder} style={{ width: '100%' }} />,
  enum: (field) => (
    <Select
      placeholder={field.placeholder ?? zh('请选择', field.label)}
      options={field.options}
      allowClear={!field.required}
    />
  ),
  money: (field) => (
    <InputNumber
      placeholder={field.placeholder}
      min={0}
      precision={2}
      prefix="¥"
      addonAfter="元"
      style={{ width: '100%' }}
    />
  ),
  date: (field) => <DatePicker placeholder={field.placeholder ?? '请选择日期'} style={{ width: '100%' }} />,
  expiry: (field) => <DatePicker placeholder={field.placeholder ?? '请选择到期日'} style={{ width: '100%' }} />,
  datetime: (field) => (
    <DatePicker showTime placeholder={field.placeholder ?? '请选择时间'} style={{ width: '100%' }} />
  ),
  image: (field) => uploadInput(field),
  file: (field) => uploadInput(field),
  region: (field) => <RegionCascader placeholder={field.placeholder} />,
  switch: () => <Switch checkedChildren="是" unCheckedChildren="否" />,
  richtext: (field) => (
    <LazyRichTextEditor placeholder={field.placeholder ?? zh('请输入', field.label)} label={field.label} />
  ),
  tags: (field) => (
    <Select mode="tags" placeholder={field.placeholder ?? zh('请输入', field.label, '，回车添加')} open={false} />
  ),
};

/** The control of a form field; `record` is the edited row (null when creating). */
export function fieldInput<Row>(field: WebField<Row>, record?: EditedRecord): ReactNode {
  return inputs[field.kind](field as Field, record);
}
