import { type AndroidDevice, UNBOUND_STORE_TEXT, roomType } from '@console/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { FieldInputProps } from '../components/resource/define-web-resource';
import { enumTagColour } from '../components/resource/field-kinds';
import { ReferenceSelect } from '../components/resource/reference-select';
import { storeSource } from '../components/resource/reference-sources';

// A shipped terminal registers on first connection without a store (issue 19); until its provider
// binds one it reads 未绑定门店, and its room type and floor mean nothing yet.

/** The store cell: its name, or a tag saying the terminal waits for a store. */
export function storeCell(value: unknown, row: AndroidDevice): ReactNode {
  if (row.storeId === null) return <Tag color="warning">{UNBOUND_STORE_TEXT}</Tag>;
  return typeof value === 'string' ? value : '';
}

/** A room fact (type or floor) of a terminal: '—' until it hangs in a store's room. */
export const roomFact =
  (shown: (value: number) => ReactNode) =>
  (value: unknown, row: AndroidDevice): ReactNode =>
    row.storeId === null || typeof value !== 'number' ? '—' : shown(value);

/** A room type as the list's enum cells show it: its label in a tag of the enum's colour. */
export const roomTypeTag = (value: number): ReactNode => (
  <Tag color={enumTagColour(value)}>{roomType.labels[value as keyof typeof roomType.labels] ?? String(value)}</Tag>
);

/**
 * The terminal's store, among its own provider's stores only (the server refuses any other). A
 * bound terminal can move to another store but not be left without one, so there is no clear.
 */
export function AndroidStoreSelect({ record, id, value, onChange }: FieldInputProps<AndroidDevice>) {
  return (
    <ReferenceSelect
      source={storeSource}
      filters={record ? { agentId: record.agentId } : undefined}
      allowClear={false}
      placeholder="请选择门店"
      id={id}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => onChange?.(next)}
    />
  );
}
