import type { Page } from '@playwright/test';
import { type DemoAccount, expect, signIn as signInForm, test } from '../fixtures.js';

/** Signs in and waits for the console to finish loading its permissions before the test moves on. */
async function signIn(page: Page, account: DemoAccount) {
  await signInForm(page, account);
  await expect(page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab', { name: '首页' })).toBeVisible();
}

const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name)?.value;

test.describe('console shell at 1440px', () => {
  test('sidebar is a navigation menu whose collapsed state lives in the sidebarStatus cookie', async ({ page }) => {
    await signIn(page, 'admin');
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    await expect(nav.getByRole('menu')).toBeVisible();
    await expect(nav.getByRole('menuitem', { name: /首页/ })).toBeVisible();
    expect((await nav.boundingBox())?.width).toBe(210);

    await page.getByRole('button', { name: '收起侧边栏' }).click();
    await expect.poll(() => cookie(page, 'sidebarStatus')).toBe('0');
    await page.reload();
    await expect(page.getByRole('button', { name: '展开侧边栏' })).toBeVisible();
    await expect.poll(async () => (await nav.boundingBox())?.width).toBeLessThan(100);

    await page.getByRole('button', { name: '展开侧边栏' }).click();
    await expect.poll(() => cookie(page, 'sidebarStatus')).toBe('1');
  });

  test('navbar: breadcrumb, platform name, help link in a new tab, fullscreen, size cookie', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/profile/index');
    await expect(page.getByRole('navigation', { name: '面包屑' })).toHaveText(/首页\s*\/\s*个人中心/);
    const help = page.getByRole('link', { name: '帮助中心' });
    await expect(help).toHaveAttribute('target', '_blank');
    await expect(help).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('button', { name: '全屏' })).toBeVisible();
    await expect(page.getByRole('button', { name: '联系客服' })).toBeVisible();

    await page.getByRole('button', { name: '布局大小' }).click();
    await page.getByRole('menuitem', { name: '紧凑' }).click();
    await expect.poll(() => cookie(page, 'size')).toBe('small');
  });

  test('the settings drawer theme colour restyles the console at once and is remembered', async ({ page }) => {
    await signIn(page, 'admin');
    const activeTab = page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab', { selected: true });
    await expect(activeTab).toHaveCSS('background-color', 'rgb(24, 144, 255)');
    await page.getByRole('button', { name: '系统设置' }).click();
    await page.getByRole('button', { name: '主题色 酱紫' }).click();
    await expect(activeTab).toHaveCSS('background-color', 'rgb(114, 46, 209)');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(activeTab).toHaveCSS('background-color', 'rgb(114, 46, 209)');

    await page.getByRole('button', { name: '系统设置' }).click();
    await page.getByRole('switch', { name: '显示标签栏' }).click();
    await expect(page.getByRole('tablist', { name: '已打开的页面' })).toHaveCount(0);
  });

  test('the dashboard shows the scope’s figures: providers for the platform only', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByText('以下为平台全部服务商的数据')).toBeVisible();
    await expect(page.getByLabel('服务商', { exact: true })).toBeVisible();

    await page.context().clearCookies();
    await signIn(page, 'agent1');
    await page.goto('/dashboard');
    await expect(page.getByText('以下为本服务商的数据')).toBeVisible();
    await expect(page.getByLabel('门店', { exact: true })).toBeVisible();
    await expect(page.getByLabel('服务商', { exact: true })).toHaveCount(0);
  });

  test('logout asks first, then clears the session and every tab', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/profile/index');
    const openTabs = page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab');
    await expect(openTabs).toHaveCount(2);
    await page.getByRole('button', { name: /账号菜单/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /退\s*出/ })
      .click();
    await expect(page).toHaveURL(/\/login/);
    expect(await cookie(page, 'SaaS-Token')).toBeUndefined();
    const stored = await page.evaluate(() => sessionStorage.getItem('console-tabs') ?? '');
    expect(stored).not.toContain('/profile/index');

    await signIn(page, 'admin');
    await expect(openTabs).toHaveCount(1);
  });
});

test.describe('console shell at 390px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('mobile: the sidebar is a drawer, shut at first and again after navigating', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('navigation', { name: '侧边菜单' })).toBeHidden();
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    await expect(nav).toBeVisible();
    await nav.getByRole('menuitem', { name: /首页/ }).click();
    await expect(nav).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
