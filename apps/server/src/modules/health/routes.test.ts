import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app.js';

describe('health and the envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers ok with the engine in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ errCode: 0, data: { status: 'ok', database: testEngine } });
  });

  it('answers an unknown endpoint with 404 and 接口不存在 in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    const body = res.json<{ errCode: number; errMsg: string; requestId: string }>();
    expect(body.errCode).toBe(404);
    expect(body.errMsg).toBe('接口不存在');
    expect(body.requestId).toMatch(/[0-9a-f-]{36}/);
  });
});
