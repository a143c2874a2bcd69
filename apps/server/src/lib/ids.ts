import { AppError } from './app-error.js';

/** Wire ids are decimal strings; the database keeps integers. A malformed id reads as missing. */
export function toDbId(id: string): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw new AppError('recordNotFound');
  return n;
}

export function toWireId(id: number | bigint | null): string | null {
  return id === null ? null : String(id);
}
