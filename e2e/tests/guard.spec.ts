import { agentMenus, flattenMenus, platformMenus } from '@console/contract';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

const titlesOf = (menus: typeof platformMenus) => new Set(flattenMenus(menus).map(({ spec }) => spec.title));
const platformOnly = [...titlesOf(platformMenus)].filter((title) => !titlesOf(agentMenus).has(title));
const agentOnly = [...titlesOf(agentMenus)].filter((title) => !titlesOf(platformMenus).has(title));

test.describe('route guard', () => {
  test('without a token a console path goes to /login?redirect=', async ({ page }) => {
    await page.goto('/userMgt/agentMgt');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/userMgt/agentMgt')}`);
    await expect(page).toHaveTitle(/^登录 - /);
  });

  test('without a token public pages open', async ({ page }) => {
    for (const path of ['/404', '/401']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
    }
    await expect(page.getByText('无权访问此页面', { exact: true })).toBeVisible();
  });

  test('/ goes to /dashboard and a signed-in /login goes back to the console', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an unknown console path shows the 404 page', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/no/such/screen');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^页面不存在 - /);
  });

  test('a provider operator sees only provider menus and cannot open platform screens', async ({ page, request }) => {
    const token = await apiSignIn(request, 'agent1');
    const tree = (await (await request.get('/api/saasRole/getMenuList', { headers: authHeaders(token) })).json()) as {
      data: { title: string }[];
    };
    const served = tree.data.map((entry) => entry.title);
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((title) => platformOnly.includes(title))).toEqual([]);

    await signIn(page, 'agent1');
    const sidebar = page.getByRole('navigation').getByRole('menu').first();
    await expect(sidebar).toBeVisible();
    const items = await sidebar.getByRole('menuitem').allInnerTexts();
    expect(items.map((text) => text.trim()).filter((title) => platformOnly.includes(title))).toEqual([]);
    await page.goto('/userMgt/agentMgt');
    await expect(page).toHaveURL(/\/401\?from=/);
    await expect(page.getByText('「服务商管理」是平台管理员的页面，服务商账号不能打开。')).toBeVisible();
  });

  // Issue 28: a screen that exists but is not granted says so (401) and who can open it; not 页面不存在.
  test('a screen outside the grant shows 无权访问此页面 with who to ask, and 返回首页', async ({ page }) => {
    await signIn(page, 'agent1staff');
    await page.goto('/agentContractRecords/contractRecords');
    await expect(page).toHaveURL(`/401?from=${encodeURIComponent('/agentContractRecords/contractRecords')}`);
    await expect(page.getByText('无权访问此页面', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^无权访问此页面 - /);
    await expect(page.getByText(/请联系本服务商的管理员在「实施人员」中为你开通/)).toBeVisible();
    await page.getByRole('button', { name: /返回首页/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a platform administrator at a provider-only page is refused, not told it is missing', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/agentZKB/agentZKBMgt');
    await expect(page).toHaveURL(/\/401\?from=/);
    await expect(page.getByText('「网关设备」是服务商后台的页面，平台账号不能打开。')).toBeVisible();
  });

  test('a platform admin sees no provider-only menus', async ({ page }) => {
    await signIn(page, 'admin');
    const sidebar = page.getByRole('navigation').getByRole('menu').first();
    await expect(sidebar).toBeVisible();
    const items = await sidebar.getByRole('menuitem').allInnerTexts();
    expect(items.map((text) => text.trim()).filter((title) => agentOnly.includes(title))).toEqual([]);
  });

  test('a session revoked on the server returns to the sign-in page with the path to come back to', async ({
    page,
    context,
  }) => {
    await signIn(page, 'agent2');
    const token = (await context.cookies()).find((cookie) => cookie.name === 'SaaS-Token')?.value ?? '';
    await page.request.post('/api/adminLogin/logout', { headers: authHeaders(token), data: {} });
    await page.goto('/profile/index');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/profile/index')}`);
    expect((await context.cookies()).find((cookie) => cookie.name === 'SaaS-Token')).toBeUndefined();
  });
});
