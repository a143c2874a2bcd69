import { defineEndpoint } from '@console/contract';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeToken, setToken } from '../storage';
import { ApiError } from './api-error';
import { installFakeXhr, sentXhr } from './fake-xhr.testing';
import { apiWithUploadProgress } from './json-upload';

// Refusals are also shown to the operator as an antd message; these tests read the rejection.
vi.mock('./feedback', () => ({
  feedback: () => ({
    message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm: vi.fn() },
  }),
}));

const ENDPOINT = defineEndpoint({
  method: 'POST',
  path: '/store/import/preview',
  access: { permission: 'store.import' },
  audience: 'any',
  summary: '预检导入',
  module: '门店管理',
  write: false,
  body: z.object({ fileName: z.string(), content: z.string() }),
  response: z.object({ ok: z.number() }),
});
const BODY = { fileName: 'stores.xlsx', content: 'UEsDBA==' };

describe('apiWithUploadProgress (a JSON body through XMLHttpRequest)', () => {
  beforeEach(installFakeXhr);
  afterEach(() => {
    vi.unstubAllGlobals();
    removeToken();
  });

  it('posts the JSON with the session headers, reports the fraction sent and answers the envelope data', async () => {
    setToken('tok-2');
    const fractions: number[] = [];
    const done = apiWithUploadProgress(ENDPOINT, BODY, (f) => fractions.push(f));
    const xhr = sentXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(new RegExp(`${ENDPOINT.path}$`));
    expect(xhr.headers).toMatchObject({ 'Content-Type': 'application/json', token: 'tok-2', 'X-Token': 'tok-2' });
    expect(JSON.parse(xhr.body as string)).toEqual(BODY);
    xhr.progress(1, 4);
    xhr.answer(200, JSON.stringify({ errCode: 0, errMsg: '', data: { ok: 1 } }));
    await expect(done).resolves.toEqual({ ok: 1 });
    expect(fractions).toEqual([0.25]);
  });

  it("rejects with the server's refusal", async () => {
    const done = apiWithUploadProgress(ENDPOINT, BODY, () => undefined);
    sentXhr().answer(400, JSON.stringify({ errCode: 400001, errMsg: '文件内容有误', data: null }));
    await expect(done).rejects.toBeInstanceOf(ApiError);
  });
});
