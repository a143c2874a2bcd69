import type { Browser, Locator, Page } from '@playwright/test';
import { apiSignIn, authHeaders, expect, loginForm, signIn, test } from '../fixtures.js';

// 实施人员 (/agentConfig/staffingConfig) end to end (issue 15 item 2, issue 20): a provider
// administrator creates an operator with a narrow grant; the operator holds exactly that grant.

interface MenuNode {
  url: string;
  children: MenuNode[];
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const codes = (tree: MenuNode[]): string[] => tree.flatMap((node) => [node.url, ...codes(node.children)]);
const sidebar = (page: Page): Locator => page.getByRole('navigation', { name: '侧边菜单' });

/** A second, independent browser (its own cookies and address) for the operator. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` },
  });
  return context.newPage();
}

test('agent1 creates an operator with a narrow grant; the operator signs in and holds only that', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  page.setDefaultTimeout(15_000);
  const suffix = unique();
  const loginName = `impl_${suffix}`;

  await signIn(page, 'agent1');
  await sidebar(page)
    .getByRole('menuitem', { name: /实施人员/ })
    .click();
  await expect(page).toHaveURL(/\/agentConfig\/staffingConfig/);
  await expect(page.getByRole('row').filter({ hasText: 'agent1staff' })).toBeVisible();

  // The form refuses an operator without a grant before anything is sent.
  await page.getByRole('button', { name: '新增实施人员' }).click();
  const drawer = page.getByRole('dialog', { name: '新增实施人员' });
  await drawer.getByLabel('登录名').fill(loginName);
  await drawer.getByLabel('姓名').fill(`实施${suffix}`);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer.getByText('请至少选择一项菜单权限')).toBeVisible();

  // The grant: only 重启网关, found on the provider's own menu; it brings its page and directory.
  const tree = drawer.locator('.menu-tree-picker');
  await drawer.getByLabel('搜索菜单').fill('重启网关');
  const restart = tree.locator('.ant-tree-treenode').filter({ has: page.getByText('重启网关', { exact: true }) });
  await restart.first().locator('.ant-tree-checkbox').click();
  await expect(restart.first().locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  // The administrator's own screen is not on offer.
  await drawer.getByLabel('搜索菜单').fill('实施人员');
  await expect(drawer.getByText('没有匹配的菜单')).toBeVisible();
  await drawer.getByLabel('搜索菜单').fill('');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer).toBeHidden();

  // The initial password is shown once.
  const shown = page.getByRole('dialog', { name: '实施人员已创建' });
  const password = (await shown.getByLabel('一次性密码').innerText()).trim();
  expect(password).toMatch(/^[A-Za-z\d]{12}$/);
  await shown.getByRole('button', { name: '我已记下' }).click();
  const row = page.getByRole('row').filter({ hasText: loginName });
  await expect(row.getByText('待修改')).toBeVisible();

  // The operator signs in, must replace the password first, then holds exactly the grant.
  const other = await otherBrowser(browser);
  await other.goto('/login');
  const form = loginForm(other);
  await form.loginName.fill(loginName);
  await form.password.fill(password);
  await form.submit.click();
  const change = other.getByRole('dialog', { name: '请先修改初始密码' });
  await expect(change).toBeVisible({ timeout: 20_000 });
  await change.getByLabel('当前密码').fill(password);
  await change.getByLabel('新密码', { exact: true }).fill('Impl2026ok');
  await change.getByLabel('确认新密码').fill('Impl2026ok');
  await change.getByRole('button', { name: /确认修改/ }).click();
  await expect(change).toBeHidden();
  await expect(other.getByRole('button', { name: /账号菜单/ })).toBeVisible();

  const items = (await sidebar(other).getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  expect(items).toContain('首页');
  // Only 网关设备 may show beside 首页 (it does once its screen is built); nothing of stores, money or staff.
  expect(items.filter((item) => item !== '首页' && item !== '网关设备')).toEqual([]);
  await other.goto('/agentConfig/staffingConfig');
  await expect(other).toHaveURL(/\/401\?from=/);
  // Back in the console, where the live channel is open.
  await other.goto('/dashboard');
  await expect(other.getByRole('button', { name: /账号菜单/ })).toBeVisible();

  const token = await apiSignIn(request, loginName, 'Impl2026ok');
  const menu = await request.get('/api/saasRole/getMenuList', { headers: authHeaders(token) });
  const granted = codes(((await menu.json()) as { data: MenuNode[] }).data).sort();
  expect(granted).toEqual(['agentZKB', 'agentZKBMgt', 'gatewayDevice.restart'].sort());
  const refused = await request.post('/api/store/page', { headers: authHeaders(token), data: {} });
  expect(((await refused.json()) as { errCode: number }).errCode).toBe(403001);

  // 停用 ends the operator's session at once.
  await row.getByRole('button', { name: /停\s*用/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row.getByText('停用', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /启\s*用/ })).toBeVisible();
  await expect(other).toHaveURL(/\/login/, { timeout: 20_000 });
  await other.context().close();
});

test('a provider staff member does not see 实施人员, and the screen is not reachable by its address', async ({
  page,
}) => {
  await signIn(page, 'agent1staff');
  await expect(sidebar(page).getByRole('menuitem', { name: /实施人员/ })).toHaveCount(0);
  await page.goto('/agentConfig/staffingConfig');
  await expect(page).toHaveURL(/\/401\?from=/);
});
