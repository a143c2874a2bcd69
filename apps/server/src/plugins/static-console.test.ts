import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const indexHtml =
  '<!doctype html><html lang="zh-CN"><head><script type="module" src="/assets/app-Ab12Cd.js"></script></head><body><div id="root"></div></body></html>';
const appJs = `console.log(${JSON.stringify('运营后台'.repeat(400))});`;

describe('static hosting of the built console', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'assets/app-Ab12Cd.js'), appJs);
    writeFileSync(join(dist, 'assets/app-Ab12Cd.js.br'), brotliCompressSync(appJs));
    writeFileSync(join(dist, 'assets/app-Ab12Cd.js.gz'), gzipSync(appJs));
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without long-lived caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(indexHtml);
  });

  it('answers deep links of the console with index.html (SPA fallback)', async () => {
    for (const url of ['/login', '/userMgt/agentMgt?offset=2', '/profile/messageDetail']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps unknown /api and /ws paths as the 404 envelope, even for a browser', async () => {
    for (const url of ['/api/no/such', '/api', '/ws', '/ws/nothing']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ errCode: 404, errMsg: '接口不存在' });
    }
  });

  it('answers a missing asset (not an HTML navigation) with 404, not index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });

  it('serves hashed assets immutable, picking the precompressed twin the client accepts', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-Ab12Cd.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(appJs);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-Ab12Cd.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-Ab12Cd.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
  });

  it('serves other files of the build with revalidation, and nothing outside it', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/app-Ab12Cd.js.br']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
