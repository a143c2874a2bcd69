import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiSignIn, authHeaders, expect, loginForm, signIn, test } from '../fixtures.js';

// 账号管理 (/account/accountMgt) end to end: roles with menus, accounts holding them, the forced
// first password change, and the two ways an admin ends someone's session (停用, 强制下线).

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}
interface MenuNode {
  id: string;
  url: string;
  children: MenuNode[];
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A second, independent browser (its own cookies and address) for the account being managed. */
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

async function signInAs(page: Page, loginName: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = loginForm(page);
  await form.loginName.fill(loginName);
  await form.password.fill(password);
  await form.submit.click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 20_000 });
}

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: object) {
  const res =
    method === 'GET'
      ? await request.get(`/api${url}`, { headers: authHeaders(token) })
      : await request.post(`/api${url}`, { headers: authHeaders(token), data: data ?? {} });
  const body = (await res.json()) as Envelope<T>;
  expect(body.errCode, `${url}: ${body.errMsg}`).toBe(0);
  return body.data;
}

/**
 * An account made over the API, granted 操作日志 through its own role, that has already replaced
 * its initial password: ready to sign in through the form.
 */
async function readyAccount(request: APIRequestContext) {
  const admin = await apiSignIn(request, 'admin');
  const catalogue = await call<MenuNode[]>(request, admin, 'GET', '/saasRole/getMenu');
  // The 操作日志 directory with its page and the page's actions.
  const logs = catalogue.find((node) => node.children.some((child) => child.url === 'operationLog'));
  if (!logs) throw new Error('菜单目录中没有 操作日志');
  const ids = (node: MenuNode): string[] => [node.id, ...node.children.flatMap(ids)];
  const suffix = unique();
  const role = await call<{ id: string }>(request, admin, 'POST', '/saasRole/create', {
    name: `只读日志${suffix}`,
    code: `logs_${suffix}`,
    sort: 0,
    status: 1,
    remark: '',
    menuIds: ids(logs),
  });
  const loginName = `e2e_${suffix}`;
  await call(request, admin, 'POST', '/saasAdmin/create', {
    loginName,
    name: `会话测试${suffix}`,
    phone: '',
    email: '',
    roleIds: [role.id],
    password: 'Initial2026',
  });
  const own = await apiSignIn(request, loginName, 'Initial2026');
  await call(request, own, 'POST', '/adminLogin/changePassword', {
    oldPassword: 'Initial2026',
    newPassword: 'Changed2026',
  });
  return { loginName, password: 'Changed2026' };
}

function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: '侧边菜单' });
}

async function openAccounts(page: Page, tab: '账号' | '角色' | '在线会话'): Promise<void> {
  await page.goto('/account/accountMgt');
  await page.getByRole('tab', { name: tab, exact: true }).click();
}

test('admin creates a role with a few menus and an account holding it; the account changes its password and sees exactly those menus', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  page.setDefaultTimeout(15_000);
  const suffix = unique();
  const roleName = `日志与IP${suffix}`;
  const loginName = `acct_${suffix}`;

  await signIn(page, 'admin');
  await openAccounts(page, '角色');
  await expect(page).toHaveURL(/tab=roles/);

  // The role: 操作日志 and IP 限制, ticked on the catalogue tree found by its search box.
  await page.getByRole('button', { name: '新增角色' }).click();
  const roleDrawer = page.getByRole('dialog', { name: '新增角色' });
  await roleDrawer.getByLabel('角色名称').fill(roleName);
  await roleDrawer.getByLabel('角色编码').fill(`r_${suffix}`);
  const tree = roleDrawer.locator('.menu-tree-picker');
  const tick = async (title: string) => {
    await roleDrawer.getByLabel('搜索菜单').fill(title);
    const node = tree.locator('.ant-tree-treenode').filter({ has: page.getByText(title, { exact: true }) });
    await node.first().locator('.ant-tree-checkbox').click();
    await expect(node.first().locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  };
  await tick('操作日志');
  await tick('IP 限制');
  await roleDrawer.getByLabel('搜索菜单').fill('');
  // 用户管理 holds more than IP 限制, so it shows half-ticked.
  const userMgt = tree.locator('.ant-tree-treenode').filter({ has: page.getByText('用户管理', { exact: true }) });
  await expect(userMgt.first().locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await roleDrawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(roleDrawer).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: roleName })).toBeVisible();

  // The account: the form refuses a weak password before anything is sent.
  await page.getByRole('tab', { name: '账号', exact: true }).click();
  await page.getByRole('button', { name: '新增平台账号' }).click();
  const accountDrawer = page.getByRole('dialog', { name: '新增平台账号' });
  await accountDrawer.getByLabel('登录名').fill(loginName);
  await accountDrawer.getByLabel('姓名').fill(`新同事${suffix}`);
  await accountDrawer.getByLabel('角色').click();
  await accountDrawer.getByLabel('角色').fill(roleName);
  await page.locator('.ant-select-dropdown:visible').getByTitle(roleName).click();
  await accountDrawer.getByLabel('初始密码').fill('abcdefgh');
  await accountDrawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(accountDrawer.getByText('密码需包含数字')).toBeVisible();
  await accountDrawer.getByLabel('初始密码').fill('Welcome2026');
  await accountDrawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(accountDrawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: loginName });
  await expect(row).toBeVisible();
  await expect(row.getByText('启用')).toBeVisible();

  // The role is now held: the server keeps it, and the console says why.
  await page.getByRole('tab', { name: '角色', exact: true }).click();
  const roleRow = page.getByRole('row').filter({ hasText: roleName });
  await roleRow.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('该角色仍有 1 个账号在使用，请先解除后再删除')).toBeVisible();
  await expect(roleRow).toBeVisible();

  // The new account signs in: the console waits until the initial password is replaced.
  const other = await otherBrowser(browser);
  await signInAs(other, loginName, 'Welcome2026');
  const dialog = other.getByRole('dialog', { name: '请先修改初始密码' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('当前密码').fill('Welcome2026');
  await dialog.getByLabel('新密码', { exact: true }).fill('Mine2026ok');
  await dialog.getByLabel('确认新密码').fill('Mine2026ok');
  await dialog.getByRole('button', { name: /确认修改/ }).click();
  await expect(dialog).toBeHidden();

  // Exactly the granted menus: 首页 always, IP 限制 (用户管理 holds nothing else, so it shows on
  // its own) and 操作日志; nothing else.
  const nav = sidebar(other);
  await expect(nav.getByRole('menuitem', { name: /IP 限制/ })).toBeVisible();
  const items = (await nav.getByRole('menuitem').allInnerTexts()).map((text) => text.trim()).sort();
  expect(items).toEqual(['IP 限制', '操作日志', '首页'].sort());
  await nav.getByRole('menuitem', { name: /操作日志/ }).click();
  await expect(other).toHaveURL(/\/operationLog\/operationLog/);
  // A screen outside the role is not reachable by its address either.
  await other.goto('/account/accountMgt');
  await expect(other.getByRole('tab', { name: '在线会话', exact: true })).toHaveCount(0);
  await other.context().close();
});

test('disabling an account signs its open console out at once; an admin cannot disable itself', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const account = await readyAccount(request);
  const other = await otherBrowser(browser);
  await signInAs(other, account.loginName, account.password);
  await expect(sidebar(other).getByRole('menuitem', { name: /操作日志/ })).toBeVisible();

  await signIn(page, 'admin');
  await openAccounts(page, '账号');
  await page.getByRole('textbox', { name: '登录名' }).fill(account.loginName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: account.loginName });
  await row.getByRole('button', { name: /停\s*用/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row.getByText('停用', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /启\s*用/ })).toBeVisible();

  // The account's console hears it over the live channel and returns to the sign-in page.
  await expect(other).toHaveURL(/\/login/, { timeout: 15_000 });
  await other.context().close();

  // The admin's own row: the server refuses, and the console says why.
  await page.getByRole('textbox', { name: '登录名' }).fill('admin');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const own = page.getByRole('row').filter({ hasText: '平台管理员' }).filter({ hasText: 'admin' });
  await own.getByRole('button', { name: /停\s*用/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('不能停用自己的账号')).toBeVisible();
});

test('强制下线 from 在线会话 signs that console out at once', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const account = await readyAccount(request);
  const other = await otherBrowser(browser);
  await signInAs(other, account.loginName, account.password);
  await expect(sidebar(other).getByRole('menuitem', { name: /操作日志/ })).toBeVisible();

  await signIn(page, 'admin');
  await openAccounts(page, '在线会话');
  await expect(page).toHaveURL(/tab=sessions/);
  await page.getByRole('textbox', { name: '登录名' }).fill(account.loginName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  // The API sign-in of the setup and the browser's: two sessions; the browser's is the newest.
  const rows = page.getByRole('row').filter({ hasText: account.loginName });
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('button', { name: '强制下线' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(rows).toHaveCount(1);

  await expect(other).toHaveURL(/\/login/, { timeout: 15_000 });
  await other.context().close();
});
