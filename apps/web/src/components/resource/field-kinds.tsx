import { formatYuan } from '../../lib/money';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { WebField } from './define-web-resource';
import { ExpiryDate } from './expiry';
import { FileCell } from '../upload/lazy-file-cell';
import type { FieldKind } from './field-schema';

type Field = WebField<unknown>;

/**
 * How a kind is shown and converted. Its form control is in field-inputs.tsx: the controls (date
 * pickers, number input, switch, select) load with the form drawer, not with every list.
 */
interface KindDef {
  /** A value from the wire, shown in a cell or the detail. */
  display: (value: unknown, field: Field) => ReactNode;
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

/** An enum value's tag colour (a field's `tagColors` first): for cells that render an enum themselves. */
export const enumTagColour = (value: number, tagColors?: Record<number, string>): string | undefined =>
  tagColors?.[value] ?? (value <= 0 ? 'default' : tagColours[(value - 1) % tagColours.length]);

function enumTag(value: unknown, field: Field): ReactNode {
  const option = field.options?.find((candidate) => candidate.value === value);
  if (!option) return isBlank(value) ? empty : plain(value);
  return <Tag color={enumTagColour(option.value, field.tagColors)}>{option.label}</Tag>;
}

/** The text of an HTML fragment, read by an inert parser (nothing in it runs or loads). */
function textOfHtml(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

const text: KindDef = { display: (value) => (isBlank(value) ? empty : plain(value)) };

const kinds: Record<FieldKind, KindDef> = {
  text,
  reference: text,
  textarea: text,
  number: text,
  enum: { display: enumTag },
  money: {
    display: (value) => (typeof value === 'number' ? formatYuan(value) : empty),
    toForm: (value) => (typeof value === 'number' ? value / 100 : value),
    toWire: (value) => (typeof value === 'number' ? Math.round(value * 100) : value),
  },
  date: {
    display: (value) => (typeof value === 'string' ? dayjs(value).format('YYYY-MM-DD') : empty),
    toForm: (value) => (typeof value === 'string' ? dayjs(value) : value),
    toWire: (value) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value),
  },
  // Edited as a date; shown coloured by how near it is.
  expiry: {
    display: (value) => (typeof value === 'string' && value ? <ExpiryDate value={value} /> : empty),
    toForm: (value) => (typeof value === 'string' ? dayjs(value) : value),
    toWire: (value) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value),
  },
  datetime: {
    display: (value) => (typeof value === 'string' ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : empty),
    toForm: (value) => (typeof value === 'string' ? dayjs(value) : value),
    toWire: (value) => (dayjs.isDayjs(value) ? value.toISOString() : value),
  },
  // The upload's purpose says whether the file needs a signed link (a private purpose's does).
  image: {
    display: (value, field) =>
      typeof value === 'string' && value ? <FileCell value={value} image purpose={field.upload?.purpose} /> : empty,
  },
  file: {
    display: (value, field) =>
      typeof value === 'string' && value ? <FileCell value={value} purpose={field.upload?.purpose} /> : empty,
  },
  region: {
    display: (value) => (isBlank(value) ? empty : plain(value)),
    toForm: (value) => (typeof value === 'string' && value ? value.split('/') : undefined),
    toWire: (value) => (Array.isArray(value) ? value.join('/') : value),
  },
  switch: {
    display: (value) => (value === 1 || value === true ? '是' : '否'),
    toForm: (value) => value === 1 || value === true,
    toWire: (value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value),
  },
  // Lists and the detail show the text only; a screen that needs the layout renders it itself.
  richtext: {
    display: (value) => (typeof value === 'string' && value ? textOfHtml(value) : empty),
  },
  tags: {
    display: (value) =>
      Array.isArray(value) && value.length > 0
        ? value.map((item) => <Tag key={String(item)}>{plain(item)}</Tag>)
        : empty,
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
