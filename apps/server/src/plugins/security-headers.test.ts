import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const expectHardened = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(String(headers['permissions-policy'])).toContain('camera=()');
  };

  it('are on a successful API response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expectHardened(res.headers);
  });

  it('are on error envelopes too (unknown endpoint, bad JSON)', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/no/such/thing' });
    expect(missing.statusCode).toBe(404);
    expectHardened(missing.headers);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/no/such/thing',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expectHardened(bad.headers);
  });
});
