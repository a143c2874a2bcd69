import type { FormInstance } from 'antd';

/** A response whose errCode is not 0, thrown by `api()`. */
export class ApiError extends Error {
  readonly errCode: number;
  readonly errMsg: string;
  readonly fieldErrors: Record<string, string>;
  readonly requestId: string | undefined;
  /** True when the request client already told the operator (toast or dialog). */
  readonly notified: boolean;

  constructor(
    envelope: { errCode: number; errMsg: string; fieldErrors?: Record<string, string>; requestId?: string },
    notified: boolean,
  ) {
    super(envelope.errMsg);
    this.name = 'ApiError';
    this.errCode = envelope.errCode;
    this.errMsg = envelope.errMsg;
    this.fieldErrors = envelope.fieldErrors ?? {};
    this.requestId = envelope.requestId;
    this.notified = notified;
  }
}

/** The request never produced an envelope: offline, timed out, or the answer was not ours. */
export class NetworkError extends Error {
  readonly timedOut: boolean;
  constructor(message: string, timedOut = false) {
    super(message);
    this.name = 'NetworkError';
    this.timedOut = timedOut;
  }
}

/**
 * A request cancelled before it answered: by its caller's signal, or by the browser when the
 * operator navigates away (fetch rejects with a DOMException named AbortError).
 */
export function isAbortError(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { name?: unknown }).name === 'AbortError';
}

/** `items.0.name` → `['items', 0, 'name']`, the name path antd forms use. */
function namePath(dotted: string): (string | number)[] {
  return dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Puts the server's field errors onto the form's fields. Returns true when at least one field
 * received a message, so a caller can fall back to a general message otherwise.
 */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fieldErrors);
  if (entries.length === 0) return false;
  form.setFields(entries.map(([path, message]) => ({ name: namePath(path), errors: [message] })));
  return true;
}
