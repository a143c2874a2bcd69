import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.js';

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

test('platform admin sends a system message; the provider admin bell counts up within a second', async ({
  page,
  browser,
}) => {
  // Two sign-ins and a compose on a shared two-core machine; only the delivery itself is timed.
  test.setTimeout(180_000);
  const provider = await secondBrowserPage(browser);
  await signIn(provider, 'agent1');
  const bell = provider.getByRole('button', { name: '系统消息' });
  await expect(bell).toBeVisible();
  // Wait for the live channel and the first unread fetch before counting.
  await provider.waitForTimeout(500);
  const before = await bellCount(provider);

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
  await provider.getByText(title).click();
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
