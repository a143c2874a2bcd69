import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.js';

const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
const tabs = (page: Page) => tabBar(page).getByRole('tab');
const tab = (page: Page, name: string) => tabBar(page).getByRole('tab', { name, exact: true });

/** Opens a console address and waits until its tab is the selected one. */
async function visit(page: Page, path: string, title = '个人中心') {
  await page.goto(path);
  await expect(tabBar(page).getByRole('tab', { selected: true })).toHaveText(title);
}

/** Six screens the platform administrator can open, with their tab titles. */
const screens = [
  ['/profile/index', '个人中心'],
  ['/userMgt/agentMgt', '服务商管理'],
  ['/userMgt/IPRestrictions', 'IP 限制'],
  ['/account/accountMgt', '账号管理'],
  ['/operationLog/operationLog', '操作日志'],
  ['/systemConfig/saasMenu', '菜单管理'],
] as const;

test.describe('tab bar', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
    await expect(tab(page, '首页')).toBeVisible();
  });

  test('keeps at most five visited views plus the pinned 首页, dropping the least recently used', async ({ page }) => {
    // Six full page loads on a shared machine.
    test.setTimeout(150_000);
    for (const [path, title] of screens) await visit(page, path, title);
    await expect(tabs(page)).toHaveCount(6);
    await expect(tabs(page).first()).toHaveText('首页');
    const stored = await page.evaluate(() => sessionStorage.getItem('console-tabs') ?? '');
    expect(stored).not.toContain(`"${screens[0][0]}"`);
    expect(stored).toContain(screens[5][0]);
  });

  test('close, close others and close all from the context menu; middle click closes; 首页 stays', async ({ page }) => {
    for (const [path, title] of screens.slice(0, 3)) await visit(page, path, title);
    await expect(tabs(page)).toHaveCount(4);

    await tabs(page).nth(1).click({ button: 'middle' });
    await expect(tabs(page)).toHaveCount(3);

    await tabs(page).nth(1).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect(tabs(page)).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`${screens[1][0]}$`));
    // The previous context menu animates out; wait until it is gone before opening the next one.
    await expect(page.getByRole('menuitem', { name: '关闭其他' })).toBeHidden();

    await tab(page, '首页').click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: '关闭', exact: true })).toHaveClass(/disabled/);
    await page.getByRole('menuitem', { name: '关闭所有' }).click();
    await expect(tabs(page)).toHaveCount(1);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(tab(page, '首页').getByRole('button')).toHaveCount(0);
  });

  test('a screen whose address carries filters stays one tab: search, F5, 重置', async ({ page }) => {
    await visit(page, '/userMgt/agentMgt', '服务商管理');
    await page.getByPlaceholder('名称、编号或联系电话').fill('杭州');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(/\/userMgt\/agentMgt\?.+/);
    await page.reload();
    await expect(tab(page, '服务商管理')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByPlaceholder('名称、编号或联系电话')).toHaveValue('杭州');
    await page.getByRole('button', { name: /重\s*置$/ }).click();
    await expect(page).toHaveURL(/\/userMgt\/agentMgt$/);
    await expect(tabs(page)).toHaveText(['首页', '服务商管理']);
    // The tab returns to the view it shows now, not the one it opened at.
    await tab(page, '首页').click();
    await tab(page, '服务商管理').click();
    await expect(page).toHaveURL(/\/userMgt\/agentMgt$/);
    await expect(tabs(page)).toHaveText(['首页', '服务商管理']);
  });

  test('an address with a query opened directly is one tab; the menu returns to it as it was', async ({ page }) => {
    await visit(page, '/operationLog/operationLog?tab=loginLog&page=2', '操作日志');
    await expect(page.getByRole('tab', { name: '登录日志', selected: true })).toBeVisible();
    await expect(tabs(page)).toHaveText(['首页', '操作日志']);
    await tab(page, '首页').click();
    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await expect(page).toHaveURL(/\/operationLog\/operationLog\?tab=loginLog/);
    await expect(tabs(page)).toHaveText(['首页', '操作日志']);
  });

  test('a tab keeps its unsaved input and scroll position while another tab is shown (keep-alive)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 600 });
    const body = page.locator('.console-body');
    await expect(page.getByText('设备在线情况')).toBeVisible();
    await body.evaluate((element) => element.scrollTo(0, 240));
    // Within the page (no reload), through the user menu.
    await page.getByRole('button', { name: /账号菜单/ }).click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    const email = page.getByLabel('邮箱');
    await email.fill('keepalive@example.com');
    await tab(page, '首页').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(email).toBeHidden();
    await expect.poll(() => body.evaluate((element) => element.scrollTop)).toBe(240);
    await tab(page, '个人中心').click();
    await expect(page.getByLabel('邮箱')).toHaveValue('keepalive@example.com');
  });

  test('refresh goes through /redirect, remounts only that tab and keeps the others', async ({ page }) => {
    await visit(page, '/profile/index');
    const email = page.getByLabel('邮箱');
    const saved = await email.inputValue();
    await email.fill('discard@example.com');
    await tab(page, '个人中心').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新' }).click();
    await expect(page).toHaveURL(/\/profile\/index$/);
    await expect(page.getByLabel('邮箱')).toHaveValue(saved);
    await expect(tabs(page)).toHaveCount(2);

    await page.goto('/redirect/profile/index');
    await expect(page).toHaveURL(/\/profile\/index$/);
    await expect(tab(page, '个人中心')).toHaveAttribute('aria-selected', 'true');
  });

  test('open tabs survive a reload', async ({ page }) => {
    await visit(page, '/profile/index?from=reload');
    await expect(tabs(page)).toHaveCount(2);
    await page.reload();
    await expect(tabs(page)).toHaveCount(2);
    await expect(tab(page, '个人中心')).toHaveAttribute('aria-selected', 'true');
  });
});
