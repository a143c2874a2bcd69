import { expect, test } from '../fixtures.js';

test('API health answers ok through the envelope', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { errCode: number };
  expect(body.errCode).toBe(0);
});

test('the built console loads at / and serves hashed assets', async ({ page }) => {
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
});

test('/login renders Chinese text', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#root')).toContainText(/[\u4e00-\u9fff]/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});
