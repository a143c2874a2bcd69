import { zh } from '../../lib/zh-text';
import type { FieldKind } from './field-schema';

/** Kinds the operator picks rather than types: their empty state says 请选择, not 请输入. */
const pickedKinds: readonly FieldKind[] = ['enum', 'region', 'date', 'expiry', 'datetime'];

/** What a required, empty form field says: 请选择所在地区 for the region picker, 请输入名称 for a text box. */
export function requiredMessage(field: { kind: FieldKind; label: string; reference?: unknown }): string {
  return zh(pickedKinds.includes(field.kind) || field.reference ? '请选择' : '请输入', field.label);
}
