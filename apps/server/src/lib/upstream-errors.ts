/**
 * Failures of a device or outside system (payments, SMS, WeChat), declared by the adapters so
 * that the error handler answers them as what they are, with the adapter's Chinese message:
 * a timeout is 504001, an outside system refusing service is 503000. Neither is a crash of ours.
 */
export class UpstreamTimeoutError extends Error {
  constructor(message = '设备或外部系统响应超时，请稍后重试') {
    super(message);
    this.name = 'UpstreamTimeoutError';
  }
}

export class UpstreamUnavailableError extends Error {
  constructor(message = '外部系统暂时无法访问，请稍后重试') {
    super(message);
    this.name = 'UpstreamUnavailableError';
  }
}

/** Timeout errors of Node's network stack and fetch, raised by an adapter that did not wrap them. */
const timeoutCodes = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

export function isUpstreamTimeout(err: unknown): boolean {
  if (err instanceof UpstreamTimeoutError) return true;
  if (!err || typeof err !== 'object') return false;
  const { name, code } = err as { name?: unknown; code?: unknown };
  return name === 'TimeoutError' || (typeof code === 'string' && timeoutCodes.has(code));
}
