import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// 操作日志 end to end: writes made over the API show up on the screen with who, what and the
// changed fields; a failed sign-in shows in 登录日志; a password change's entry keeps no password.

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/api${path}`, { headers: authHeaders(token), data });
  const body = (await res.json()) as Envelope<T>;
  if (body.errCode !== 0) throw new Error(`${path} failed: ${body.errCode} ${body.errMsg}`);
  return body.data;
}

/** Picks a value in the search bar's select labelled `label`, typing to narrow long lists. */
async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true }).filter({ visible: true });
  await select.click();
  await select.fill(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** Signs in and waits for the console to finish loading (menus, session) before going anywhere else. */
async function signInAsAdmin(page: Page) {
  await signIn(page, 'admin');
  await expect(page.getByRole('button', { name: /账号菜单/ })).toBeVisible();
}

const search = (page: Page) =>
  page
    .getByRole('button', { name: /查\s*询/ })
    .filter({ visible: true })
    .click();
const detailOf = (page: Page) => page.getByRole('dialog', { name: /操作日志详情/ });
/** The list row of an action on one record: its 对象编号 cell holds exactly the record's id. */
/**
 * The row of `action` on `targetId`: the 对象编号 cell follows the action's and precedes the
 * result's (a bare cell match also took a row whose 耗时 happened to equal the id).
 */
const rowOf = (page: Page, action: string, targetId: string) => {
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('row').filter({ hasText: new RegExp(`${escaped(action)}${escaped(targetId)}(成功|失败)`) });
};

test('an update shows its changed field before and after, filtered by module and time', async ({ page, request }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const stamp = Date.now();
  const token = await apiSignIn(request, 'admin');
  // A deny rule for a documentation-only address (TEST-NET-2), so no other test's sign-in is shut out.
  const rule = await call<{ id: string; version: number }>(request, token, '/ipRestriction/create', {
    ruleType: 2,
    address: `198.51.100.${1 + (stamp % 254)}`,
    appliesTo: 0,
    status: 1,
    remark: `日志前 ${stamp}`,
  });
  await call(request, token, '/ipRestriction/update', {
    id: rule.id,
    version: rule.version,
    remark: `日志后 ${stamp}`,
  });

  await signInAsAdmin(page);
  await page.goto('/operationLog/operationLog');
  await expect(page.getByRole('tab', { name: '操作日志' })).toHaveAttribute('aria-selected', 'true');

  await choose(page, '模块', 'IP 限制');
  // Today in the browser's zone (Asia/Shanghai), typed into the range picker and confirmed.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  const range = page.locator('.ant-picker-range').filter({ visible: true });
  for (const [index, time] of [`${today} 00:00:00`, `${today} 23:59:59`].entries()) {
    await range.locator('input').nth(index).click();
    await range.locator('input').nth(index).fill(time);
    await page
      .locator('.ant-picker-dropdown:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
  }
  await search(page);
  await expect(page).toHaveURL(/module=IP/);
  await expect(page).toHaveURL(/at=\d{4}-/);

  const row = rowOf(page, '修改IP 限制', rule.id);
  await expect(row).toBeVisible();
  await expect(row.getByText('成功')).toBeVisible();
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const detail = detailOf(page);
  await expect(detail.getByRole('row', { name: '接口 /api/ipRestriction/update' })).toBeVisible();
  const changes = detail.getByRole('region', { name: '字段变更' });
  await expect(changes.getByRole('row', { name: `备注 日志前 ${stamp} 日志后 ${stamp}` })).toBeVisible();
  await expect(detail.getByRole('region', { name: '请求参数' })).toContainText(`"remark": "日志后 ${stamp}"`);
});

test('a failed sign-in shows in 登录日志', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const loginName = `nobody${Date.now()}`;
  // From an address of its own, so the failure never asks this test's browser for a captcha.
  const stranger = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': '10.250.250.250' },
  });
  const res = await stranger.post('/api/log/adminLogin/login', { data: { loginName, password: 'Wrong12345' } });
  expect(((await res.json()) as Envelope<null>).errCode).not.toBe(0);
  await stranger.dispose();

  await signInAsAdmin(page);
  await page.goto('/operationLog/operationLog');
  await page.getByRole('tab', { name: '登录日志' }).click();
  await expect(page).toHaveURL(/tab=loginLog/);
  await page.getByLabel('登录名', { exact: true }).filter({ visible: true }).fill(loginName);
  await search(page);
  await expect(page).toHaveURL(new RegExp(`tab=loginLog&loginName=${loginName}`));
  const row = page.getByRole('row').filter({ hasText: loginName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('失败')).toBeVisible();
  await expect(row.getByText('10.250.250.250')).toBeVisible();

  // A reload comes back to the same tab with the same filter.
  await page.reload();
  await expect(page.getByRole('tab', { name: '登录日志' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row').filter({ hasText: loginName })).toHaveCount(1);
});

test('a password change is logged without the password', async ({ page, request, playwright, baseURL }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const stamp = Date.now();
  const loginName = `psw${stamp}`;
  const name = `改密${stamp % 100000}`;
  const initial = `Init${stamp}a`;
  const changed = `Next${stamp}b`;
  const token = await apiSignIn(request, 'admin');
  const roles = await call<{ list: { id: string; code: string }[] }>(request, token, '/saasRole/getList', {});
  const roleIds = roles.list.filter((role) => role.code === 'super_admin').map((role) => role.id);
  const account = await call<{ id: string }>(request, token, '/saasAdmin/create', {
    loginName,
    name,
    phone: '',
    email: '',
    roleIds,
    password: initial,
  });
  // The new account signs in from its own address and changes its initial password.
  const own = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.251.1.1' } });
  const ownToken = await apiSignIn(own, loginName, initial);
  await call(own, ownToken, '/adminLogin/changePassword', { oldPassword: initial, newPassword: changed });
  await own.dispose();

  await signInAsAdmin(page);
  await page.goto('/operationLog/operationLog');
  // The operator picked by name from the platform accounts (a remote select).
  const operator = page.getByLabel('平台操作人', { exact: true }).filter({ visible: true });
  await operator.click();
  await operator.fill(name);
  await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click();
  await search(page);
  const row = page.getByRole('row').filter({ hasText: '修改密码' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(`${name}(${loginName})`)).toBeVisible();
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const sent = detailOf(page).getByRole('region', { name: '请求参数' });
  await expect(sent).toContainText('"newPassword": "******"');
  await expect(sent).toContainText('"oldPassword": "******"');
  await expect(detailOf(page)).not.toContainText(initial);
  await expect(detailOf(page)).not.toContainText(changed);
  await detailOf(page).getByRole('button', { name: '关闭' }).click();

  // Neither does the account's creation, whose request carried its initial password.
  await page
    .getByRole('button', { name: /重\s*置/ })
    .filter({ visible: true })
    .click();
  await choose(page, '模块', '账号管理');
  await search(page);
  const created = rowOf(page, '新增平台账号', account.id);
  await created.getByRole('button', { name: /查\s*看/ }).click();
  await expect(detailOf(page).getByRole('region', { name: '请求参数' })).toContainText(`"loginName": "${loginName}"`);
  await expect(detailOf(page)).not.toContainText(initial);
});
