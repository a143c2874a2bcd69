import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeToken, setToken } from '../storage';
import { ApiError, NetworkError } from './api-error';
import { installFakeXhr, sentXhr } from './fake-xhr.testing';
import { uploadFile } from './upload';

// Refusals are also shown to the operator as an antd message; these tests read the rejection.
vi.mock('./feedback', () => ({
  feedback: () => ({
    message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm: vi.fn() },
  }),
}));

const file = new File(['abc'], 'room.png', { type: 'image/png' });

describe('uploadFile (XMLHttpRequest with progress)', () => {
  beforeEach(() => {
    installFakeXhr();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    removeToken();
  });

  it('posts the bytes with the session headers, counts to 99 while sending and 100 once kept', async () => {
    setToken('tok-1');
    const progress: number[] = [];
    const done = uploadFile(file, 'merchantDocument', (p) => progress.push(p));
    const xhr = sentXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/upload\?purpose=merchantDocument&name=room\.png$/);
    expect(xhr.headers).toMatchObject({
      'Content-Type': 'application/octet-stream',
      Accept: 'application/json',
      token: 'tok-1',
      'X-Token': 'tok-1',
    });
    expect(xhr.body).toBe(file);
    xhr.progress(1, 3);
    xhr.progress(3, 3);
    xhr.answer(200, JSON.stringify({ errCode: 0, errMsg: '', data: { key: 'k.png', url: '/files/k.png' } }));
    await expect(done).resolves.toEqual({ key: 'k.png', url: '/files/k.png' });
    expect(progress).toEqual([33, 99, 100]);
  });

  it('sends no session headers when signed out', () => {
    void uploadFile(file, 'merchantDocument', () => undefined).catch(() => undefined);
    expect(sentXhr().headers.token).toBeUndefined();
    expect(sentXhr().headers['X-Token']).toBeUndefined();
  });

  it("rejects with the server's refusal, or a NetworkError for an answer that is not an envelope", async () => {
    const refused = uploadFile(file, 'merchantDocument', () => undefined);
    sentXhr().answer(400, JSON.stringify({ errCode: 400001, errMsg: '文件类型不支持', data: null }));
    await expect(refused).rejects.toBeInstanceOf(ApiError);

    const garbled = uploadFile(file, 'merchantDocument', () => undefined);
    sentXhr().answer(502, '<html>Bad Gateway</html>');
    await expect(garbled).rejects.toEqual(new NetworkError('服务器响应异常（HTTP 502）'));
  });

  it('rejects with NetworkError when the connection fails and AbortError when cancelled', async () => {
    const lost = uploadFile(file, 'merchantDocument', () => undefined);
    sentXhr().onerror?.();
    await expect(lost).rejects.toBeInstanceOf(NetworkError);

    const controller = new AbortController();
    const cancelled = uploadFile(file, 'merchantDocument', () => undefined, controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError', message: '上传已取消' });
  });
});
