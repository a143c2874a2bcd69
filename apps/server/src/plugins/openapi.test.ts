import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

interface OpenApiDoc {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, unknown> }>>;
}

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is valid JSON generated from the contract and lists /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as OpenApiDoc;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toContain('接口文档');
    const health = doc.paths['/api/health']?.get;
    expect(health).toBeDefined();
    // The envelope schema from the contract, not an empty placeholder.
    expect(JSON.stringify(health?.responses)).toContain('errCode');
    // Request bodies come from the contract's zod schemas, field names and all.
    const register = doc.paths['/api/public/register']?.post as { requestBody?: unknown } | undefined;
    expect(JSON.stringify(register?.requestBody)).toContain('contactPhone');
    // Console files and the SPA fallback are not API.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('is browsable at /api/docs with no inline script, under the global CSP', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res = await t.app.inject({ method: 'GET', url: String(res.headers.location).replace(/^\.\//, '/api/docs/') });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
  });
});
