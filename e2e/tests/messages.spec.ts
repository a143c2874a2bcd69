import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// Platform admin and provider admin side by side, as two operators in two browsers.

async function secondBrowserPage(browser: Browser): Promise<Page> {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` },
  });
  return context.newPage();
}

// antd renders no count element at zero; reading an absent one would wait for it.
const bellCount = async (page: Page) => {
  const badge = page.getByRole('button', { name: '系统消息' }).locator('.ant-badge-count');
  return (await badge.count()) === 0 ? 0 : Number((await badge.getAttribute('title')) ?? 0);
};

/**
 * Signs in and waits until the console can count a new message: its live socket said ready and
 * the bell shows the first unread count the server answered (on a loaded machine either can take
 * longer than any fixed pause). Returns that count.
 */
async function signInWithBell(page: Page, account: 'agent1'): Promise<number> {
  const unread = page.waitForResponse(
    (r) =>
      r.url().includes('/api/saasMessageAgentUser/page') &&
      (r.request().postDataJSON() as { status?: number } | null)?.status === 0,
  );
  const ready = new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"ready"')) resolve();
      }),
    ),
  );
  await signIn(page, account);
  const total = ((await (await unread).json()) as { data: { total: number } }).data.total;
  await ready;
  await expect.poll(() => bellCount(page)).toBe(total);
  return total;
}

test('platform admin sends a system message; the provider admin bell counts up within a second', async ({
  page,
  browser,
}) => {
  // Two sign-ins and a compose on a shared two-core machine; only the delivery itself is timed.
  test.setTimeout(180_000);
  const provider = await secondBrowserPage(browser);
  const before = await signInWithBell(provider, 'agent1');
  const bell = provider.getByRole('button', { name: '系统消息' });

  await signIn(page, 'admin');
  // Leaving the page while the console still loads the profile would abort that load.
  await expect(page.getByRole('button', { name: /账号菜单/ })).toBeVisible();
  await page.goto('/systemMessage/systemMessage');
  await page.getByRole('button', { name: '发送消息' }).click();
  const title = `端到端消息 ${Date.now()}`;
  await page.getByLabel('消息标题').fill(title);
  const editor = page.getByRole('textbox', { name: '消息内容' });
  await editor.click();
  await editor.pressSequentially('今晚 22:00 停机维护');
  await page.getByRole('button', { name: '加粗' }).click();

  const created = page.waitForResponse((r) => r.url().includes('/api/saasMessage/create'));
  await page.getByRole('button', { name: /^发\s*送$/ }).click();
  expect((await (await created).json()) as { errCode: number }).toMatchObject({ errCode: 0 });
  const sentAt = Date.now();
  await expect.poll(() => bellCount(provider), { timeout: 1_000, intervals: [50] }).toBe(before + 1);
  expect(Date.now() - sentAt).toBeLessThan(1_000);

  // The sent list shows it with its read count.
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('0 /');

  // The provider opens it from the bell: the detail shows, and it is no longer unread.
  await bell.click();
  // In the bell's list (the bell's live region also says the new title, for screen readers).
  await provider.locator('.ant-popover').getByText(title).click();
  await expect(provider).toHaveURL(/\/profile\/messageDetail\?id=\d+/);
  await expect(provider.getByText('今晚 22:00 停机维护')).toBeVisible();
  await expect.poll(() => bellCount(provider)).toBe(before);
  await provider.context().close();
});

test('provider operators see their messages at /profile/systemMsg with status tabs', async ({ page }) => {
  await signIn(page, 'agent1');
  await expect(page.getByRole('button', { name: /账号菜单/ })).toBeVisible();
  await page.goto('/profile/systemMsg');
  await expect(page.getByRole('tab', { name: '全部' })).toBeVisible();
  await page.getByRole('tab', { name: '未读' }).click();
  await page.getByRole('tab', { name: '已读' }).click();
  await expect(page.getByRole('table')).toBeVisible();
});

// Two server processes over one database, fanning out through Redis, as behind a load balancer:
// the message is sent through one and must reach a console connected to the other.
const REDIS_URL = process.env.REDIS_URL;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: join(repoRoot, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      LOGIN_RATE_PER_MINUTE: '1000',
      ...env,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`server on port ${port} did not start`);
}

test.describe('two server processes behind Redis', () => {
  test.skip(!REDIS_URL, 'REDIS_URL is not set');
  let dir = '';
  const ports = [20_000 + Math.floor(Math.random() * 20_000), 0];
  ports[1] = ports[0]! + 1;
  const servers: ChildProcess[] = [];

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dir = mkdtempSync(join(tmpdir(), 'console-e2e-redis-'));
    const shared = { DATABASE_URL: `sqlite:${join(dir, 'shared.sqlite')}`, REDIS_URL: REDIS_URL! };
    // The first process creates and seeds the database; the second only joins it.
    servers.push(await startServer(ports[0]!, { ...shared, SEED_DEMO: '1' }));
    servers.push(await startServer(ports[1]!, { ...shared, SEED_DEMO: '0' }));
  });
  test.afterAll(() => {
    for (const s of servers) s.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('a message sent through one process reaches the bell of a console on the other within a second', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const [sender, receiver] = ports.map((p) => `http://127.0.0.1:${p}`);
    const context = await browser.newContext({
      baseURL: receiver,
      extraHTTPHeaders: { 'X-Forwarded-For': '10.77.0.1' },
    });
    const provider = await context.newPage();
    const before = await signInWithBell(provider, 'agent1');

    const request = await playwright.request.newContext({
      baseURL: sender,
      extraHTTPHeaders: { 'X-Forwarded-For': '10.77.0.2' },
    });
    const token = await apiSignIn(request, 'admin');
    const res = await request.post('/api/saasMessage/create', {
      headers: authHeaders(token),
      data: { messageTitle: `跨进程消息 ${Date.now()}`, content: '<p>经 Redis 转发</p>' },
    });
    expect(((await res.json()) as { errCode: number }).errCode).toBe(0);
    await expect.poll(() => bellCount(provider), { timeout: 1_000, intervals: [50] }).toBe(before + 1);
    await request.dispose();
    await context.close();
  });
});
