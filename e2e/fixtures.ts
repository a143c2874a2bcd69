import { type APIRequestContext, type Locator, type Page, test as base, expect } from '@playwright/test';

/** The demo sign-ins the server seeds (SEED_DEMO=1); all share one password. */
export const demoAccounts = {
  admin: { loginName: 'admin', adminType: 0 },
  agent1: { loginName: 'agent1', adminType: 1 },
  agent1staff: { loginName: 'agent1staff', adminType: 2 },
  agent2: { loginName: 'agent2', adminType: 1 },
} as const;
export type DemoAccount = keyof typeof demoAccounts;
export const demoPassword = 'Demo@2026';

/** A distinct client address per test, so failed sign-ins in one test never trip another's captcha. */
function randomClientAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `10.${octet()}.${octet()}.${octet()}`;
}

// Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring
// pattern even when there are none.
/* eslint-disable no-empty-pattern */
export const test = base.extend<{ clientAddress: string }>({
  // An option: a test about address rules (IP restrictions) pins one with test.use({ clientAddress }).
  clientAddress: [
    async ({}, use) => {
      await use(randomClientAddress());
    },
    { option: true },
  ],
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup.ts starts the server');
    await use(url);
  },
  extraHTTPHeaders: async ({ clientAddress }, use) => {
    await use({ 'X-Forwarded-For': clientAddress });
  },
});
/* eslint-enable no-empty-pattern */

export { expect };

/** The sign-in form's fields, by label first, placeholder as the fallback. */
export function loginForm(page: Page) {
  return {
    loginName: page
      .getByLabel('登录名')
      .or(page.getByPlaceholder(/登录名|账号|用户名/))
      .first(),
    password: page
      .getByLabel('密码', { exact: true })
      .or(page.getByPlaceholder('密码', { exact: true }))
      .first(),
    // antd puts a space between the two characters of a two-character button label.
    submit: page.getByRole('button', { name: /^登\s*录$/ }),
  };
}

/** Signs in through the real /login form and waits until the console has left the sign-in page. */
export async function signIn(page: Page, account: DemoAccount, password = demoPassword): Promise<void> {
  await page.goto('/login');
  const form = loginForm(page);
  await form.loginName.fill(demoAccounts[account].loginName);
  await form.password.fill(password);
  await form.submit.click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 20_000 });
  // Signed in means the console has loaded: a test that navigates while the first permission load
  // is in flight would race the browser's abort of it (see lib/api/page-leaving.ts).
  await expect(page.getByRole('button', { name: /账号菜单/ })).toBeVisible({ timeout: 20_000 });
}

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

/** Signs in over the API for test setup; returns the session token (send it as `token`). */
export async function apiSignIn(
  request: APIRequestContext,
  loginName: string,
  password = demoPassword,
): Promise<string> {
  const res = await request.post('/api/log/adminLogin/login', { data: { loginName, password } });
  const body = (await res.json()) as Envelope<{ token: string } | null>;
  if (body.errCode !== 0 || !body.data) throw new Error(`API sign-in as ${loginName} failed: ${body.errMsg}`);
  return body.data.token;
}

/** Headers for an authenticated API call made with a token from apiSignIn. */
export function authHeaders(token: string): Record<string, string> {
  return { token, 'X-Token': token };
}

/**
 * Starts one of a list row's operations by name: its button when the row shows it, otherwise from
 * the row's 更多 menu (a list shows at most three operations a row, the rest under 更多).
 */
export async function rowAction(page: Page, row: Locator, name: string | RegExp): Promise<void> {
  await expect(row.getByRole('button').first()).toBeVisible();
  const button = row.getByRole('button', { name });
  if ((await button.count()) > 0) return button.first().click();
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name }).filter({ visible: true }).click();
}

/** Answers 确定 to the question a row operation asked: a Popconfirm beside its button, a dialog under 更多. */
export async function confirmRowAction(page: Page): Promise<void> {
  await page
    .locator('.ant-popconfirm, .ant-modal-confirm')
    .filter({ visible: true })
    .getByRole('button', { name: /确\s*定/ })
    .click();
}
