import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The policy as the hand-written hook sent it before @fastify/helmet took over (issue 26):
 * the same values after, on every kind of response.
 */
const policyBeforeHelmet = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; " +
    "font-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'self'; form-action 'self'; " +
    "frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Helmet's other defaults, which today's policy does not send: HSTS belongs to the TLS proxy in
 * front, and cross-origin-resource-policy would stop another site's page showing a public upload.
 */
const notSent = [
  'strict-transport-security',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** CSP directives in order, each with its sources; the separator's spacing carries no meaning. */
const directives = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((d) => d[0]);

const expectPolicy = (label: string, headers: Record<string, unknown>) => {
  const { 'content-security-policy': csp, ...fixed } = policyBeforeHelmet;
  expect(directives(headers['content-security-policy']), label).toEqual(directives(csp));
  for (const [name, value] of Object.entries(fixed)) expect(headers[name], `${label}: ${name}`).toBe(value);
  for (const name of notSent) expect(headers[name], `${label}: ${name}`).toBeUndefined();
};

describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'assets/app-Ab12Cd.js'), 'console.log(1);');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('are today’s policy on a successful API response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expectPolicy('health', res.headers);
  });

  it('are on the console’s pages and assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expectPolicy('page', page.headers);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-Ab12Cd.js' });
    expect(asset.statusCode).toBe(200);
    expectPolicy('asset', asset.headers);
  });

  it('are on error envelopes too (unknown endpoint, bad JSON, signed out)', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/no/such/thing' });
    expect(missing.statusCode).toBe(404);
    expectPolicy('404', missing.headers);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/no/such/thing',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expectPolicy('bad json', bad.headers);
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/saasAdmin/page', payload: {} });
    expect(signedOut.statusCode).toBe(401);
    expectPolicy('401', signedOut.headers);
  });
});
