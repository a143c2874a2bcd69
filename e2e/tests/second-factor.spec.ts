import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { apiSignIn, authHeaders, expect, loginForm, test } from '../fixtures.js';

// Issue 31 part 1 on the operator's main path: bind an authenticator in 个人中心 (the code computed
// here as a phone would), sign out, sign in again with the password and then the code; then a
// platform admin resets the factor and the owner is told by a system notice in the bell.

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

async function call<T>(request: APIRequestContext, token: string, url: string, data: object | null) {
  const res =
    data === null
      ? await request.get(`/api${url}`, { headers: authHeaders(token) })
      : await request.post(`/api${url}`, { headers: authHeaders(token), data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.errCode, `${url}: ${body.errMsg}`).toBe(0);
  return body.data;
}

/** An account of its own (enrolling a demo account would change every other spec's sign-in). */
async function freshAccount(request: APIRequestContext) {
  const admin = await apiSignIn(request, 'admin');
  const catalogue = await call<MenuNode[]>(request, admin, '/saasRole/getMenu', null);
  const logs = catalogue.find((node) => node.children.some((child) => child.url === 'operationLog'));
  if (!logs) throw new Error('菜单目录中没有 操作日志');
  const ids = (node: MenuNode): string[] => [node.id, ...node.children.flatMap(ids)];
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const role = await call<{ id: string }>(request, admin, '/saasRole/create', {
    name: `两步验证${suffix}`,
    code: `tfa_${suffix}`,
    sort: 0,
    status: 1,
    remark: '',
    menuIds: ids(logs),
  });
  const loginName = `tfa_${suffix}`;
  const created = await call<{ id: string }>(request, admin, '/saasAdmin/create', {
    loginName,
    name: `两步验证${suffix}`,
    phone: '',
    email: '',
    roleIds: [role.id],
    password: 'Initial2026',
  });
  const own = await apiSignIn(request, loginName, 'Initial2026');
  await call(request, own, '/adminLogin/changePassword', { oldPassword: 'Initial2026', newPassword: 'Changed2026' });
  return { id: created.id, loginName, password: 'Changed2026' };
}

async function typePassword(page: Page, loginName: string, password: string) {
  await page.goto('/login');
  const form = loginForm(page);
  await form.loginName.fill(loginName);
  await form.password.fill(password);
  await form.submit.click();
}

/** The code of the window `steps` periods from now, as an authenticator app shows it. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test('binds an authenticator in 个人中心, then signs in with the password and the code', async ({ page, request }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const account = await freshAccount(request);

  await typePassword(page, account.loginName, account.password);
  await expect(page.getByRole('button', { name: /账号菜单/ })).toBeVisible({ timeout: 20_000 });
  await page.goto('/profile/index');
  await page.getByRole('tab', { name: '两步验证' }).click();
  await page.getByRole('button', { name: '绑定验证器' }).click();

  const dialog = page.getByRole('dialog', { name: '绑定验证器' });
  await expect(dialog.getByLabel('两步验证二维码')).toBeVisible();
  const secret = (await dialog.locator('.second-factor-key code').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel('动态码').fill(await codeAt(secret));
  await dialog.getByRole('button', { name: /绑\s*定/ }).click();

  const codes = page.getByRole('dialog', { name: '恢复码' });
  await expect(codes.getByRole('list', { name: '恢复码' }).getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: '我已保存' }).click();
  await expect(page.getByText('已启用')).toBeVisible();

  await page.getByRole('button', { name: /账号菜单/ }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /退\s*出/ })
    .click();
  await expect(page).toHaveURL(/\/login/);

  await typePassword(page, account.loginName, account.password);
  const step = page.getByRole('form', { name: '两步验证' });
  await expect(step.getByLabel('验证码')).toBeVisible();
  // The enrolment's code was accepted in this window: the next window's code (within the drift allowed).
  await step.getByLabel('验证码').fill(await codeAt(secret, 1));
  await step.getByRole('button', { name: '验证并登录' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: /账号菜单/ })).toBeVisible({ timeout: 20_000 });

  // The owner's bell (a platform account's too) hears of the reset live and opens the notice.
  const bell = page.getByRole('button', { name: '系统消息' });
  await expect(bell).toBeVisible();
  // Wait for the live channel and the first unread fetch before the reset.
  await page.waitForTimeout(1_000);
  const admin = await apiSignIn(request, 'admin');
  await call(request, admin, `/saasAdmin/resetSecondFactor?id=${account.id}`, {});
  await expect(bell.locator('.ant-badge-count')).toHaveAttribute('title', '1');
  await bell.click();
  await page.locator('.ant-popover').getByText('您的两步验证已被管理员重置').click();
  await expect(page).toHaveURL(/\/profile\/messageDetail\?id=\d+/);
  await expect(page.getByText(/重置了您账号的两步验证/)).toBeVisible();
  await page.getByRole('button', { name: '前往查看' }).click();
  await expect(page).toHaveURL(/\/profile\/index$/);
  await expect(page.getByRole('tab', { name: '两步验证' })).toBeVisible();
});
