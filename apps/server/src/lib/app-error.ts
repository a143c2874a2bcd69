import { type ErrorName, errors } from '@console/contract';

/** A failure the operator should be told about: one of the contract's declared errors. */
export class AppError extends Error {
  readonly errCode: number;
  readonly status: number;
  constructor(
    readonly kind: ErrorName,
    opts: { message?: string; fieldErrors?: Record<string, string>; data?: unknown } = {},
  ) {
    const declared = errors[kind];
    super(opts.message ?? declared.message);
    this.errCode = declared.code;
    this.status = declared.status;
    this.fieldErrors = opts.fieldErrors;
    this.data = opts.data ?? null;
  }
  readonly fieldErrors: Record<string, string> | undefined;
  readonly data: unknown;
}

/** One-field validation failure, for rules zod cannot see (uniqueness, cross-record checks). */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation', { message, fieldErrors: { [field]: message } });
}
