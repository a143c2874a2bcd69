import { AppError } from '../lib/app-error.js';

// Constraint violations of both engines, turned into the contract's errors. Kept apart from the
// handlers so custom module endpoints can map their own writes the same way.

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

interface DbErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
}

function asDbError(err: unknown): DbErrorLike | null {
  return err && typeof err === 'object' ? err : null;
}

const detailOf = (e: DbErrorLike | null) => (typeof e?.detail === 'string' ? e.detail : '');

/** Columns named in a unique violation, camelCased; the most specific (non-tenant) one last. */
export function uniqueViolationColumns(err: unknown): string[] | null {
  const e = asDbError(err);
  if (!e) return null;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    // "UNIQUE constraint failed: store.agent_id, store.code"
    const list = String(e.message).split(':')[1] ?? '';
    return list
      .split(',')
      .map((s) => s.trim().split('.').pop() ?? '')
      .filter(Boolean)
      .map(camel);
  }
  if (e.code === '23505') {
    // detail: "Key (agent_id, code)=(1, A01) already exists."
    const m = /Key \(([^)]*)\)=/.exec(detailOf(e));
    return m?.[1] ? m[1].split(',').map((s) => camel(s.trim().replaceAll('"', ''))) : [];
  }
  return null;
}

export function isForeignKeyViolation(err: unknown): boolean {
  const e = asDbError(err);
  return !!e && (e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e.code === '23503');
}

/**
 * Maps a failed insert/update/delete: unique → 409002 with the field, foreign key on delete →
 * 409003 存在关联数据，无法删除, foreign key on write → validation on the referencing field.
 * Anything else is rethrown unchanged.
 */
export function mapWriteError(
  err: unknown,
  kind: 'write' | 'delete',
  labels: Record<string, string | undefined> = {},
): never {
  const unique = uniqueViolationColumns(err);
  if (unique) {
    const field = unique.filter((c) => c !== 'agentId' && c !== 'storeId').pop() ?? unique.pop();
    const label = field ? labels[field] : undefined;
    const message = label ? `${label}已存在` : '该值已存在，请更换';
    throw new AppError('duplicate', field ? { message, fieldErrors: { [field]: message } } : {});
  }
  if (isForeignKeyViolation(err)) {
    if (kind === 'delete') throw new AppError('stateConflict', { message: '存在关联数据，无法删除' });
    const m = /Key \(([^)]*)\)=/.exec(detailOf(asDbError(err)));
    const field = m?.[1] ? camel(m[1].trim()) : '_';
    throw new AppError('validation', {
      message: '关联的记录不存在',
      fieldErrors: { [field]: '关联的记录不存在' },
    });
  }
  throw err;
}

/** PostgreSQL's data exceptions (SQLSTATE class 22: numeric out of range, invalid text, bad date). */
export function isDataException(err: unknown): boolean {
  const code = asDbError(err)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
