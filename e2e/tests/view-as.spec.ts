import { expect, rowAction, signIn, test } from '../fixtures.js';

// 以服务商身份查看 (issue 31 part 2): the platform admin opens agent1's console read-only in a new
// tab, sees the banner and the provider's stores, finds writes disabled, and 退出 ends the view.
// The admin's own tab stays the admin's throughout.

const PROVIDER = '杭州云泊科技有限公司';

test('the platform admin views a provider’s console read-only, then leaves', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/userMgt/agentMgt');
  const row = page.locator('.ant-table-row').filter({ hasText: PROVIDER }).first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await rowAction(page, row, '以服务商身份查看');
  const dialog = page.getByRole('dialog', { name: `以服务商身份查看：${PROVIDER}` });
  await expect(dialog.getByLabel('只读')).toBeChecked();
  const opened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: /打\s*开/ }).click();
  const tab = await opened;

  // The banner, and the token taken out of the address.
  await expect(tab.getByText(`正在以「${PROVIDER}」身份查看`)).toBeVisible({ timeout: 20_000 });
  await expect(tab.locator('.view-as-banner').getByText('只读')).toBeVisible();
  await expect(tab.locator('.view-as-banner').getByText(/剩余 (29|30):\d\d/)).toBeVisible();
  expect(tab.url()).not.toContain('viewAs');

  // The provider's stores, with its writes locked.
  await tab.goto('/storeManage/storeManagement');
  await expect(tab.locator('.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
  const create = tab.getByRole('button', { name: /新\s*增/ }).first();
  await expect(create).toBeDisabled();
  await expect(tab.locator('.write-locked[data-locked="只读查看中"]').first()).toBeVisible();

  // 退出 ends it on the server and closes the tab.
  const closed = tab.waitForEvent('close');
  await tab
    .locator('.view-as-banner')
    .getByRole('button', { name: /退\s*出/ })
    .click();
  await closed;

  // The admin's own tab is still the admin's.
  await page.reload();
  await expect(page.locator('.ant-table-row').filter({ hasText: PROVIDER }).first()).toBeVisible({ timeout: 20_000 });
});
