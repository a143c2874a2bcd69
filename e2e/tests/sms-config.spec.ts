import { expect, signIn, test } from '../fixtures.js';

// SMS and system configuration (issue 19): a billing sync runs as a background job whose progress
// the console shows, also after a reload, ending in its summary; and a channel's test send
// answers with the gateway's verdict.

test('同步计费: start a sync, watch its progress through a reload, read the summary', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/systemConfig/synchronizeBilling');
  await page.getByRole('button', { name: '开始同步' }).click();
  const running = page.getByTestId('sync-running');
  await expect(running.first()).toBeVisible();
  await expect(running.first().getByRole('progressbar')).toBeVisible();
  // The job lives on the server: a reload shows the same job still going (or already done).
  await page.reload();
  const row = page.locator('.ant-table-row').first();
  await expect(row).toBeVisible();
  await expect(row.getByText('已完成')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sync-running')).toHaveCount(0);
  await expect(row.getByRole('progressbar')).toBeVisible();
  // The records the sync wrote are listed beside the jobs.
  await page.getByRole('tab', { name: '账单记录' }).click();
  await expect(page.locator('.ant-table-row', { hasText: /PAY\d{12}/ }).first()).toBeVisible();
});

test('短信通道: a test send answers with the gateway verdict', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/SMS/SMSChannel');
  const row = page.locator('.ant-table-row', { hasText: '阿里云主通道' });
  await expect(row).toBeVisible();
  // The secret is write-only: the list shows only its last 4 characters.
  await expect(row.getByText('************0001')).toBeVisible();
  await row.getByRole('button', { name: '测试发送' }).click();
  const dialog = page.getByRole('dialog', { name: '发送测试短信' });
  await dialog.getByLabel('接收手机号').fill(`139${String(Date.now()).slice(-8)}`);
  await dialog.getByRole('button', { name: /发\s*送/ }).click();
  const verdict = page.getByRole('dialog', { name: /测试短信已送达网关|测试短信发送失败/ });
  await expect(verdict).toBeVisible({ timeout: 15_000 });
  await expect(verdict.getByText(/网关应答：/)).toBeVisible();
});
