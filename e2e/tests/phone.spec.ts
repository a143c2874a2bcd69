import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.js';

// A phone: below the console's 992 px breakpoint.
test.use({ viewport: { width: 390, height: 844 } });

const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
const activeTab = (page: Page) => tabBar(page).getByRole('tab', { selected: true });

test('on a phone a list row’s 查看 is in reach without scrolling, and the table says it scrolls sideways', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/userMgt/seeStore');
  const row = page.locator('.ant-table-tbody tr[data-row-key]').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const storeNo = (await row.locator('td').first().innerText()).trim();
  await expect(page.getByRole('note').filter({ hasText: '左右滑动表格查看更多列' })).toBeVisible();
  // 操作 is pinned right: its 查看 is on screen as the page opens, whatever the columns before it.
  const view = row.getByRole('button', { name: /查\s*看/ });
  await expect(view).toBeInViewport({ ratio: 1 });
  await view.click();
  // The detail drawer opens on this store.
  await expect(page.locator('.ant-drawer-open').filter({ hasText: storeNo })).toBeVisible();
});

test('on a phone the tab bar shows the active tab after several are opened', async ({ page }) => {
  await signIn(page, 'admin');
  const screens = [
    ['/userMgt/seeStore', '门店查看'],
    ['/userMgt/agentMgt', '服务商管理'],
    ['/userMgt/IPRestrictions', 'IP 限制'],
    ['/account/accountMgt', '账号管理'],
    ['/operationLog/operationLog', '操作日志'],
  ] as const;
  for (const [path, title] of screens) {
    await page.goto(path);
    await expect(activeTab(page)).toHaveText(title);
    await expect(activeTab(page)).toBeInViewport({ ratio: 1 });
  }
  // The strip is wider than the phone by now; going back to the first tab scrolls it back into view.
  await tabBar(page).getByRole('tab', { name: '首页', exact: true }).click();
  await expect(activeTab(page)).toHaveText('首页');
  await expect(activeTab(page)).toBeInViewport({ ratio: 1 });
  await tabBar(page).getByRole('tab', { name: '操作日志', exact: true }).click();
  await expect(activeTab(page)).toBeInViewport({ ratio: 1 });
});
