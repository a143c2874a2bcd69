import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

test('API health answers ok through the envelope', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { errCode: number };
  expect(body.errCode).toBe(0);
});

test('the built console loads at / under its Content-Security-Policy', async ({ page }) => {
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const res = await page.goto('/');
  expect(res?.ok()).toBe(true);
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
  expect(cspViolations).toEqual([]);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
});

test('index.html has no inline script; hashed assets are precompressed and immutable', async ({ request }) => {
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect(attrs).toMatch(/\bsrc="\/assets\//);
    expect(body?.trim()).toBe('');
  }
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeDefined();
  const res = await request.get(asset!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a deep link answers the console, an unknown API path the 404 envelope', async ({ request }) => {
  const deep = await request.get('/userMgt/agentMgt', { headers: { accept: 'text/html' } });
  expect(deep.status()).toBe(200);
  expect(await deep.text()).toContain('<div id="root">');
  const api = await request.get('/api/no/such/endpoint', { headers: { accept: 'text/html' } });
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ errCode: 404, errMsg: '接口不存在' });
});

test('/login renders Chinese text', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#root')).toContainText(/[\u4e00-\u9fff]/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('a demo operator signs in through the /login form and reaches the console', async ({ page }) => {
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  // The whole signed-in console (charts included) runs under the strict policy.
  await page.waitForLoadState('networkidle');
  expect(cspViolations).toEqual([]);
});

test('apiSignIn returns a token the API accepts in the token header', async ({ request }) => {
  const token = await apiSignIn(request, 'agent1');
  const res = await request.get('/api/saasRole/getMenuList', { headers: authHeaders(token) });
  const body = (await res.json()) as { errCode: number; data: unknown[] };
  expect(body.errCode).toBe(0);
  expect(body.data.length).toBeGreaterThan(0);
});

test('the API documentation at /api/docs renders under the same CSP', async ({ page }) => {
  // The first request builds the whole OpenAPI document and loads Swagger UI's large bundle.
  test.slow();
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('接口文档', { timeout: 30_000 });
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/health' }).first()).toBeVisible();
  expect(cspViolations).toEqual([]);
});
