import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const indexHtml =
  '<!doctype html><html lang="zh-CN"><head><script type="module" crossorigin src="/assets/index-E1.js"></script></head><body><div id="root"></div></body></html>';

/** A build's manifest in miniature: the entry, the lazy shell, one lazy screen and what they share. */
const manifest = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_initial-I1.js'],
    css: ['assets/index-C1.css'],
  },
  '_initial-I1.js': { file: 'assets/initial-I1.js' },
  '_shared-S1.js': { file: 'assets/shared-S1.js', imports: ['_initial-I1.js'] },
  '_table-T1.js': { file: 'assets/table-T1.js', imports: ['_shared-S1.js'], css: ['assets/table-C2.css'] },
  'src/layout/app-layout.tsx': {
    file: 'assets/app-layout-L1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-S1.js'],
  },
  'src/pages/a/list-page.tsx': {
    file: 'assets/list-page-P1.js',
    isDynamicEntry: true,
    imports: ['_table-T1.js', '_initial-I1.js'],
  },
  'src/pages/b/other-page.tsx': { file: 'assets/other-page-O1.js', isDynamicEntry: true },
};
const routeModules = {
  '/a/list': ['src/layout/app-layout.tsx', 'src/pages/a/list-page.tsx'],
  '/b/other': ['src/layout/app-layout.tsx', 'src/pages/b/other-page.tsx'],
};

const navigate = (t: TestApp, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('deep links of the built console carry their screen’s chunks', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'console-preloads-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(dist, '.vite/route-modules.json'), JSON.stringify(routeModules));
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('preloads the shell, the screen and their static imports, not what index.html already loads', async () => {
    for (const url of ['/a/list', '/a/list/', '/a/list?offset=2']) {
      const res = await navigate(t, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(preloadsOf(res.body).sort(), url).toEqual([
        '/assets/app-layout-L1.js',
        '/assets/list-page-P1.js',
        '/assets/shared-S1.js',
        '/assets/table-C2.css',
        '/assets/table-T1.js',
      ]);
      expect(res.body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/list-page-P1.js">');
      expect(res.body, url).toContain('<link rel="preload" as="style" crossorigin href="/assets/table-C2.css">');
      expect(res.body.replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, ''), url).toBe(indexHtml);
    }
  });

  it('gives each screen its own chunks', async () => {
    const res = await navigate(t, '/b/other');
    expect(preloadsOf(res.body).sort()).toEqual([
      '/assets/app-layout-L1.js',
      '/assets/other-page-O1.js',
      '/assets/shared-S1.js',
    ]);
  });

  it('keeps the sign-in page, the root and unknown paths on the plain index.html', async () => {
    for (const url of ['/login', '/', '/no/such/screen', '/a/list/more']) {
      const res = await navigate(t, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
    }
  });

  it('does not serve the manifest or the route map to browsers', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/route-modules.json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
