import {
  type BodyOf,
  type EndpointDef,
  type Envelope,
  type QueryOf,
  type ResponseOf,
  errors,
  reloginCodes,
  silentErrorCodes,
} from '@console/contract';
import { getToken } from '../storage';
import { isViewAsTab } from '../view-as-tab';
import { ApiError, NetworkError, isAbortError } from './api-error';
import { isLeavingPage, leavesShortly, leavingAbort } from './page-leaving';
import { feedback } from './feedback';

export { ApiError, NetworkError, applyFieldErrors, isAbortError } from './api-error';

export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
export const REQUEST_TIMEOUT_MS = 50_000;
const TOAST_SECONDS = 3;
const LEGACY_TOAST_SECONDS = 5;
const LEGACY_OK_CODE = 20000;

export interface CallInput<E> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  /**
   * Codes this caller handles itself, so the client shows nothing for them (the sign-in page's
   * 400217: the captcha appears without a message).
   */
  quietCodes?: readonly number[];
  /**
   * The caller reports failures itself: no toast for any error code or network failure (the bell's
   * unread count, spec section 8: only logged). A lost session (5000) still signs out.
   */
  quiet?: boolean;
}

/**
 * What the client does when the session is gone. The session store and router register these;
 * until then the client clears nothing and reloads at /login.
 */
export interface SessionHooks {
  /** errCode 5000: forget the session locally (the server already has). */
  signOut: () => void;
  /** Go to the sign-in page, keeping where the operator was. */
  toLogin: () => void;
  /** 重新登录 in the legacy dialog: reset the token and reload. */
  relogin: () => void;
  /** A view-as tab's view is over (401110, or no session at all): the banner says so, no sign-in page. */
  viewAsEnded: () => void;
}

let hooks: SessionHooks = {
  signOut: () => undefined,
  toLogin: () => window.location.assign('/login'),
  relogin: () => window.location.reload(),
  viewAsEnded: () => undefined,
};

export function configureSessionHooks(next: Partial<SessionHooks>): void {
  hooks = { ...hooks, ...next };
}

export function buildUrl(path: string, query: unknown): string {
  const params = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
      if (value === undefined || value === null || value === '') continue;
      for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function methodOf(def: EndpointDef): string {
  const methods: readonly string[] = typeof def.method === 'string' ? [def.method] : def.method;
  return methods[0] ?? 'GET';
}

// One relogin dialog at a time, however many requests come back with the code.
let reloginOpen = false;

function legacyCodeOf(payload: unknown): number | undefined {
  if (payload && typeof payload === 'object' && 'code' in payload) {
    const code = Number(payload.code);
    return Number.isFinite(code) ? code : undefined;
  }
  return undefined;
}

/** Spec section 8, in one place. Returns true when the operator was told something. */
function applyCatalogue(
  envelope: Envelope<unknown> & { message?: string },
  quiet: readonly number[],
  silent: boolean,
): boolean {
  const { message, modal } = feedback();
  const toast = (text: string, seconds: number) => {
    if (!silent) void message.error(text, seconds);
  };
  if (envelope.errCode === 0 || quiet.includes(envelope.errCode)) return false;
  const legacy = legacyCodeOf(envelope);
  if (legacy !== undefined && legacy !== LEGACY_OK_CODE) {
    toast(envelope.message || envelope.errMsg || '请求出错', LEGACY_TOAST_SECONDS);
    if (reloginCodes.includes(legacy) && !reloginOpen) {
      reloginOpen = true;
      modal.confirm({
        title: '确认退出',
        content: '您已被登出，可以取消继续留在该页面，或者重新登录',
        okText: '重新登录',
        cancelText: '取消',
        onOk: () => hooks.relogin(),
        afterClose: () => {
          reloginOpen = false;
        },
      });
    }
    return true;
  }
  // A view-as tab never signs in nor falls back to the admin's session: its view simply ended.
  const lost = envelope.errCode === errors.notSignedIn.code || envelope.errCode === errors.viewAsExpired.code;
  if (lost && isViewAsTab()) {
    hooks.viewAsEnded();
    return true;
  }
  if (envelope.errCode === errors.notSignedIn.code) {
    toast(envelope.errMsg, TOAST_SECONDS);
    hooks.signOut();
    hooks.toLogin();
    return true;
  }
  if (!silentErrorCodes.includes(envelope.errCode)) {
    toast(envelope.errMsg, TOAST_SECONDS);
    return true;
  }
  return false;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { errCode?: unknown }).errCode === 'number' &&
    'errMsg' in value
  );
}

/** A request whose answer has started arriving. */
export interface OpenedRequest {
  response: Response;
  /** Stops the timeout (a file may take longer to arrive); the caller's signal still cancels. */
  stopTimeout: () => void;
  /** Call when done with the response: clears the timeout and the link to the caller's signal. */
  settle: () => void;
  /**
   * What a failure while the answer arrives means: the abort itself when the caller cancelled it
   * (a list's refetch replacing its running read) or the page is being left, else a NetworkError.
   */
  failure: (cause: unknown) => Promise<unknown>;
}

/** The operator's session token, under both names the server accepts; none when signed out. */
export function sessionHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { token, 'X-Token': token } : {};
}

/**
 * Sends an endpoint's request with the session headers and the timeout; resolves once the answer
 * starts. Aborts pass through; anything else that keeps an answer from starting is a NetworkError
 * (not yet shown: see `reportNetworkError`).
 */
export async function openRequest<E extends EndpointDef>(
  def: E,
  input: CallInput<E>,
  accept = 'application/json',
): Promise<OpenedRequest> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  input.signal?.addEventListener('abort', onCallerAbort);
  const settle = () => {
    clearTimeout(timer);
    input.signal?.removeEventListener('abort', onCallerAbort);
  };
  const headers: Record<string, string> = { Accept: accept, ...sessionHeaders() };
  const method = methodOf(def);
  const hasBody = method !== 'GET' && input.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  const failure = async (cause: unknown): Promise<unknown> => {
    settle();
    // Cancelled by the caller or by the browser (leaving the page): not a failure of the server.
    if (input.signal?.aborted || (!timedOut && isAbortError(cause))) return cause;
    if (timedOut ? isLeavingPage() : await leavesShortly()) return leavingAbort();
    return new NetworkError(timedOut ? '请求超时，请稍后重试' : '网络连接失败，请检查网络后重试', timedOut);
  };
  try {
    const response = await fetch(buildUrl(def.path, input.query), {
      method,
      headers,
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: controller.signal,
    });
    return { response, stopTimeout: () => clearTimeout(timer), settle, failure };
  } catch (cause) {
    throw await failure(cause);
  }
}

/**
 * Reads the envelope of an answer and tells the operator what the catalogue says. An answer that
 * is not an envelope is a NetworkError.
 */
export async function readEnvelope<T>(
  opened: OpenedRequest,
  input: Pick<CallInput<unknown>, 'quiet' | 'quietCodes'>,
): Promise<{ envelope: Envelope<T>; notified: boolean }> {
  const { response } = opened;
  // Reading the body can fail as the request itself can (cancelled, timed out, connection lost):
  // that is judged as such, apart from a body that arrived but is not an envelope.
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw await opened.failure(cause);
  }
  // The envelope is the answer whatever the HTTP status (401, 404, 500 all carry one).
  const payload = parseJson(text);
  if (!isEnvelope(payload)) throw new NetworkError(`服务器响应异常（HTTP ${response.status}）`);
  const envelope = payload as Envelope<T>;
  const silent = input.quiet ?? false;
  return { envelope, notified: applyCatalogue(envelope, input.quietCodes ?? [], silent) && !silent };
}

/** Shows a NetworkError as every request does, unless the caller reports failures itself. */
export function reportNetworkError(error: unknown, input: Pick<CallInput<unknown>, 'quiet'>): void {
  if (error instanceof NetworkError && !input.quiet) void feedback().message.error(error.message, TOAST_SECONDS);
}

async function send<E extends EndpointDef>(
  def: E,
  input: CallInput<E>,
): Promise<{ envelope: Envelope<ResponseOf<E>>; notified: boolean }> {
  // A file endpoint's success is not JSON: download() reads it.
  if (def.file) throw new Error(`${def.path} 返回文件，请用 download() 调用`);
  let opened: OpenedRequest | undefined;
  try {
    opened = await openRequest(def, input);
    return await readEnvelope<ResponseOf<E>>(opened, input);
  } catch (error) {
    reportNetworkError(error, input);
    throw error;
  } finally {
    opened?.settle();
  }
}

/**
 * Calls an endpoint and resolves with its envelope whatever the errCode (the catalogue has
 * already told the operator where the spec says so). Rejects only on network failure.
 */
export async function callEndpoint<E extends EndpointDef>(
  def: E,
  input: CallInput<E> = {},
): Promise<Envelope<ResponseOf<E>>> {
  return (await send(def, input)).envelope;
}

/** Calls an endpoint and returns its data; a non-zero errCode rejects with `ApiError`. */
export async function api<E extends EndpointDef>(def: E, input: CallInput<E> = {}): Promise<ResponseOf<E>> {
  const { envelope, notified } = await send(def, input);
  if (envelope.errCode !== 0) throw new ApiError(envelope, notified);
  return envelope.data;
}
