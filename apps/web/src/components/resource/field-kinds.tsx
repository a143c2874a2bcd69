import { DatePicker, Input, InputNumber, Select, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { WebField } from './define-web-resource';
import type { FieldKind } from './field-schema';
import { ReferenceSelect } from './reference-select';

type Field = WebField<unknown>;

interface KindDef {
  /** A value from the wire, shown in a cell or the detail. */
  display: (value: unknown, field: Field) => ReactNode;
  /** The form control (antd Form injects value/onChange). */
  input: (field: Field) => ReactNode;
  /** Wire value → form value. */
  toForm?: (value: unknown) => unknown;
  /** Form value → wire value. */
  toWire?: (value: unknown) => unknown;
}

const empty = <span className="resource-empty">-</span>;
const isBlank = (value: unknown) => value === null || value === undefined || value === '';
const plain = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);

// Colours by value, so a value looks the same on every screen: 0 (停用, 下架…) is grey, 1 green.
const tagColours = ['green', 'blue', 'orange', 'purple', 'cyan', 'gold', 'magenta'];

function enumTag(value: unknown, field: Field): ReactNode {
  const option = field.options?.find((candidate) => candidate.value === value);
  if (!option) return isBlank(value) ? empty : plain(value);
  const colour =
    field.tagColors?.[option.value] ??
    (option.value <= 0 ? 'default' : tagColours[(option.value - 1) % tagColours.length]);
  return <Tag color={colour}>{option.label}</Tag>;
}

export function formatFen(value: number): string {
  return (value / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const text: KindDef = {
  display: (value) => (isBlank(value) ? empty : plain(value)),
  input: (field) => (
    <Input placeholder={field.placeholder ?? `请输入${field.label}`} maxLength={field.maxLength} allowClear />
  ),
};

const kinds: Record<FieldKind, KindDef> = {
  text,
  reference: {
    ...text,
    input: (field) =>
      field.reference ? (
        <ReferenceSelect
          source={field.reference}
          multiple={field.multiple}
          allowClear={!field.required}
          placeholder={field.placeholder ?? `请选择${field.label}`}
        />
      ) : (
        <Input placeholder={field.placeholder ?? `请输入${field.label}编号`} allowClear />
      ),
  },
  textarea: {
    display: text.display,
    input: (field) => (
      <Input.TextArea
        placeholder={field.placeholder ?? `请输入${field.label}`}
        maxLength={field.maxLength}
        showCount={!!field.maxLength}
        autoSize={{ minRows: 2, maxRows: 6 }}
      />
    ),
  },
  number: {
    display: text.display,
    input: (field) => <InputNumber placeholder={field.placeholder} style={{ width: '100%' }} />,
  },
  enum: {
    display: enumTag,
    input: (field) => (
      <Select
        placeholder={field.placeholder ?? `请选择${field.label}`}
        options={field.options}
        allowClear={!field.required}
      />
    ),
  },
  money: {
    display: (value) => (typeof value === 'number' ? `¥${formatFen(value)}` : empty),
    input: (field) => (
      <InputNumber
        placeholder={field.placeholder}
        min={0}
        precision={2}
        prefix="¥"
        addonAfter="元"
        style={{ width: '100%' }}
      />
    ),
    toForm: (value) => (typeof value === 'number' ? value / 100 : value),
    toWire: (value) => (typeof value === 'number' ? Math.round(value * 100) : value),
  },
  date: {
    display: (value) => (typeof value === 'string' ? dayjs(value).format('YYYY-MM-DD') : empty),
    input: (field) => <DatePicker placeholder={field.placeholder ?? '请选择日期'} style={{ width: '100%' }} />,
    toForm: (value) => (typeof value === 'string' ? dayjs(value) : value),
    toWire: (value) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value),
  },
  datetime: {
    display: (value) => (typeof value === 'string' ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : empty),
    input: (field) => <DatePicker showTime placeholder={field.placeholder ?? '请选择时间'} style={{ width: '100%' }} />,
    toForm: (value) => (typeof value === 'string' ? dayjs(value) : value),
    toWire: (value) => (dayjs.isDayjs(value) ? value.toISOString() : value),
  },
  switch: {
    display: (value) => (value === 1 || value === true ? '是' : '否'),
    input: () => <Switch checkedChildren="是" unCheckedChildren="否" />,
    toForm: (value) => value === 1 || value === true,
    toWire: (value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value),
  },
};

/** The switch kind on a 0/1 enum keeps the enum's numbers on the wire. */
function kindOf(field: Field): KindDef {
  return kinds[field.kind];
}

export function displayValue<Row>(field: WebField<Row>, value: unknown, row: Row): ReactNode {
  if (field.render) return field.render(value, row);
  return kindOf(field as Field).display(value, field as Field);
}

export function fieldInput<Row>(field: WebField<Row>): ReactNode {
  return kindOf(field as Field).input(field as Field);
}

export function toFormValue<Row>(field: WebField<Row>, value: unknown): unknown {
  return kindOf(field as Field).toForm?.(value) ?? value;
}

/** The wire value of a form value; a cleared optional input becomes null (nullable) or is left out. */
export function toWireValue<Row>(field: WebField<Row>, value: unknown): unknown {
  const wire = kindOf(field as Field).toWire?.(value) ?? value;
  if (wire === '' || wire === undefined || wire === null) {
    if (field.nullable) return null;
    return field.required || wire === '' ? wire : undefined;
  }
  return wire;
}
