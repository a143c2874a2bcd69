import { authEndpoints, defineEndpoint, healthEndpoints } from '@console/contract';
import type { FormInstance } from 'antd';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const { messageError, confirm } = vi.hoisted(() => ({ messageError: vi.fn(), confirm: vi.fn() }));
vi.mock('./feedback', () => ({
  feedback: () => ({
    message: { error: messageError, success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm },
  }),
}));

import {
  ApiError,
  NetworkError,
  REQUEST_TIMEOUT_MS,
  api,
  applyFieldErrors,
  callEndpoint,
  configureSessionHooks,
  isAbortError,
} from './request';

const withQuery = defineEndpoint({
  method: 'GET',
  path: '/agentMenu/getAICMenu',
  access: 'session',
  audience: 'any',
  summary: '测试',
  module: '测试',
  write: false,
  query: z.object({ aic: z.string(), tags: z.array(z.string()).optional(), empty: z.string().optional() }),
  response: z.array(z.string()),
});

function answer(body: unknown, status = 200) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

const hooks = { signOut: vi.fn(), toLogin: vi.fn(), relogin: vi.fn() };

beforeEach(() => {
  vi.clearAllMocks();
  configureSessionHooks(hooks);
  Cookies.remove('SaaS-Token', { path: '/' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function fetchCall(fetchMock: ReturnType<typeof vi.fn>) {
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

describe('request client', () => {
  it('sends token and X-Token when a token exists, to /api with the query string', async () => {
    Cookies.set('SaaS-Token', 'tok-1', { path: '/' });
    const fetchMock = answer({ errCode: 0, errMsg: '成功', data: ['a'] });
    vi.stubGlobal('fetch', fetchMock);
    const data = await api(withQuery, { query: { aic: '7', tags: ['x', 'y'], empty: '' } });
    expect(data).toEqual(['a']);
    const { url, init, headers } = fetchCall(fetchMock);
    expect(url).toBe('/api/agentMenu/getAICMenu?aic=7&tags=x&tags=y');
    expect(init.method).toBe('GET');
    expect(headers.token).toBe('tok-1');
    expect(headers['X-Token']).toBe('tok-1');
    expect(messageError).not.toHaveBeenCalled();
  });

  it('sends no token headers without a token, and a JSON body on POST', async () => {
    const fetchMock = answer({ errCode: 0, errMsg: '成功', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await callEndpoint(authEndpoints.logout, { body: {} });
    const { init, headers } = fetchCall(fetchMock);
    expect(headers.token).toBeUndefined();
    expect(headers['X-Token']).toBeUndefined();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('shows a non-silent errCode as a 3 s error toast and still returns the response', async () => {
    vi.stubGlobal('fetch', answer({ errCode: 400201, errMsg: '账号或密码错误', data: null }, 401));
    const envelope = await callEndpoint(healthEndpoints.health);
    expect(envelope.errCode).toBe(400201);
    expect(messageError).toHaveBeenCalledWith('账号或密码错误', 3);
    expect(hooks.signOut).not.toHaveBeenCalled();
  });

  it.each([3, 200130, -1, 89247, 89250, 89251, 89252, 89253, 200417, 200416])(
    'passes the listed code %i silently to the caller',
    async (code) => {
      vi.stubGlobal('fetch', answer({ errCode: code, errMsg: '静默', data: null }));
      const envelope = await callEndpoint(healthEndpoints.health);
      expect(envelope.errCode).toBe(code);
      expect(messageError).not.toHaveBeenCalled();
    },
  );

  it('lets a caller quiet a code it handles itself', async () => {
    vi.stubGlobal('fetch', answer({ errCode: 400217, errMsg: '请输入图形验证码', data: null }, 400));
    const envelope = await callEndpoint(healthEndpoints.health, { quietCodes: [400217] });
    expect(envelope.errCode).toBe(400217);
    expect(messageError).not.toHaveBeenCalled();
  });

  it('on errCode 5000 shows errMsg for 3 s, signs out and goes to the sign-in page', async () => {
    vi.stubGlobal('fetch', answer({ errCode: 5000, errMsg: '登录已过期，请重新登录', data: null }, 401));
    const envelope = await callEndpoint(healthEndpoints.health);
    expect(envelope.errCode).toBe(5000);
    expect(messageError).toHaveBeenCalledWith('登录已过期，请重新登录', 3);
    expect(hooks.signOut).toHaveBeenCalledOnce();
    expect(hooks.toLogin).toHaveBeenCalledOnce();
    expect(hooks.signOut.mock.invocationCallOrder[0]).toBeLessThan(hooks.toLogin.mock.invocationCallOrder[0]!);
  });

  it('a code field other than 20000 with errCode ≠ 0 toasts for 5 s; 50008 asks to sign in again', async () => {
    vi.stubGlobal('fetch', answer({ errCode: 1, errMsg: '失败', code: 50008, message: '令牌无效', data: null }));
    const envelope = await callEndpoint(healthEndpoints.health);
    expect(envelope.errCode).toBe(1);
    expect(messageError).toHaveBeenCalledWith('令牌无效', 5);
    expect(confirm).toHaveBeenCalledOnce();
    const config = confirm.mock.calls[0]![0] as { okText: string; cancelText: string; onOk: () => void };
    expect(config.okText).toBe('重新登录');
    expect(config.cancelText).toBe('取消');
    config.onOk();
    expect(hooks.relogin).toHaveBeenCalledOnce();
  });

  it('a code field of another value toasts for 5 s without the dialog', async () => {
    vi.stubGlobal('fetch', answer({ errCode: 2, errMsg: '出错了', code: 60204, data: null }));
    await callEndpoint(healthEndpoints.health);
    expect(messageError).toHaveBeenCalledWith('出错了', 5);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a code field of 20000 follows the errCode rules', async () => {
    vi.stubGlobal('fetch', answer({ errCode: 409001, errMsg: '数据已被他人修改', code: 20000, data: null }));
    await callEndpoint(healthEndpoints.health);
    expect(messageError).toHaveBeenCalledWith('数据已被他人修改', 3);
  });

  it('network errors show a message for 3 s and reject', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callEndpoint(healthEndpoints.health)).rejects.toBeInstanceOf(NetworkError);
    expect(messageError).toHaveBeenCalledWith('网络连接失败，请检查网络后重试', 3);
  });

  it('a fetch the browser cancels (navigation) rejects as an abort, without a message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))),
    );
    const rejected = await callEndpoint(healthEndpoints.health).catch((error: unknown) => error);
    expect(rejected).not.toBeInstanceOf(NetworkError);
    expect(isAbortError(rejected)).toBe(true);
    expect(messageError).not.toHaveBeenCalled();
  });

  it('a fetch failing while the page is being left (reload) rejects as an abort, without a message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    window.dispatchEvent(new Event('pagehide'));
    try {
      const rejected = await callEndpoint(healthEndpoints.health).catch((error: unknown) => error);
      expect(rejected).not.toBeInstanceOf(NetworkError);
      expect(isAbortError(rejected)).toBe(true);
      expect(messageError).not.toHaveBeenCalled();
    } finally {
      // A page restored from the back/forward cache is live again.
      window.dispatchEvent(new Event('pageshow'));
    }
    await expect(callEndpoint(healthEndpoints.health)).rejects.toBeInstanceOf(NetworkError);
  });

  it('a fetch failing just before the page hears it is being left (navigation from outside) rejects as an abort', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const pending = callEndpoint(healthEndpoints.health).catch((error: unknown) => error);
    // The browser unloads the document a moment after failing its fetches.
    setTimeout(() => window.dispatchEvent(new Event('pagehide')), 20);
    try {
      const rejected = await pending;
      expect(rejected).not.toBeInstanceOf(NetworkError);
      expect(isAbortError(rejected)).toBe(true);
      expect(messageError).not.toHaveBeenCalled();
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  /** An answer whose headers arrived and whose body streams until the request's signal aborts it. */
  function streamingAnswer(timedOutBody = false) {
    return vi.fn((_url: string, init: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"errCode":0,"errMsg":"成功","data":{"list":['));
          init.signal?.addEventListener('abort', () =>
            controller.error(timedOutBody ? new TypeError('terminated') : new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
  }

  it('a request its caller cancels while the answer is read (a list refetch) rejects as an abort, silently', async () => {
    vi.stubGlobal('fetch', streamingAnswer());
    const controller = new AbortController();
    const pending = callEndpoint(healthEndpoints.health, { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    const rejected = await pending;
    expect(rejected).not.toBeInstanceOf(NetworkError);
    expect(isAbortError(rejected)).toBe(true);
    expect(messageError).not.toHaveBeenCalled();
  });

  it('an answer that stops arriving past the timeout is a timeout, not a malformed answer', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', streamingAnswer(true));
    const pending = callEndpoint(healthEndpoints.health);
    const settled = expect(pending).rejects.toMatchObject({ name: 'NetworkError', timedOut: true });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await settled;
    expect(messageError).toHaveBeenCalledWith('请求超时，请稍后重试', 3);
  });

  it('quiet: true shows no toast for an error code and leaves the envelope to the caller', async () => {
    vi.stubGlobal('fetch', answer({ errCode: 500000, errMsg: '服务器开小差了，请稍后再试', data: null }, 500));
    const envelope = await callEndpoint(healthEndpoints.health, { quiet: true });
    expect(envelope.errCode).toBe(500000);
    await expect(api(healthEndpoints.health, { quiet: true })).rejects.toMatchObject({
      errCode: 500000,
      notified: false,
    });
    expect(messageError).not.toHaveBeenCalled();
  });

  it('quiet: true shows no toast for a network error, and still rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callEndpoint(healthEndpoints.health, { quiet: true })).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 }))),
    );
    await expect(api(healthEndpoints.health, { quiet: true })).rejects.toThrow('HTTP 502');
    expect(messageError).not.toHaveBeenCalled();
  });

  it('quiet: true still signs out on errCode 5000, without the toast', async () => {
    vi.stubGlobal('fetch', answer({ errCode: 5000, errMsg: '登录已过期，请重新登录', data: null }, 401));
    await callEndpoint(healthEndpoints.health, { quiet: true });
    expect(messageError).not.toHaveBeenCalled();
    expect(hooks.signOut).toHaveBeenCalledOnce();
    expect(hooks.toLogin).toHaveBeenCalledOnce();
  });

  it('an answer that is not an envelope rejects like a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 }))),
    );
    await expect(callEndpoint(healthEndpoints.health)).rejects.toThrow('HTTP 502');
    expect(messageError).toHaveBeenCalledWith('服务器响应异常（HTTP 502）', 3);
  });

  it('gives up after 50 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = callEndpoint(healthEndpoints.health);
    const settled = expect(pending).rejects.toMatchObject({ name: 'NetworkError', timedOut: true });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(messageError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(messageError).toHaveBeenCalledWith('请求超时，请稍后重试', 3);
  });

  it('api() rejects with ApiError carrying field errors, which land on the form fields', async () => {
    vi.stubGlobal(
      'fetch',
      answer(
        {
          errCode: 400100,
          errMsg: '提交的数据有误，请检查后重试',
          data: null,
          fieldErrors: { loginName: '登录名已存在', 'items.0.name': '请输入名称' },
        },
        400,
      ),
    );
    const error = await api(healthEndpoints.health).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errCode).toBe(400100);
    expect((error as ApiError).notified).toBe(true);
    const setFields = vi.fn();
    expect(applyFieldErrors({ setFields } as unknown as FormInstance, error)).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['loginName'], errors: ['登录名已存在'] },
      { name: ['items', 0, 'name'], errors: ['请输入名称'] },
    ]);
  });
});
