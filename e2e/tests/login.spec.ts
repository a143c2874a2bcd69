import { demoPassword, expect, loginForm, signIn, test } from '../fixtures.js';

// Failed attempts count against the (account, address) pair (captcha, lockout), so the failure
// tests use a name no account has: the server answers it exactly like a wrong password.
const unknownName = () => `nobody${Math.floor(Math.random() * 1_000_000)}`;

test.describe('sign-in page', () => {
  test('admin signs in and lands on 首页 with the token in the SaaS-Token cookie', async ({ page, context }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle(/^首页 - /);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'SaaS-Token')?.value).toBeTruthy();
    expect(cookies.find((cookie) => cookie.name === 'adminType')?.value).toBe('0');
  });

  test('a provider operator signs in with a padded login name', async ({ page, context }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.loginName.fill('  agent1 ');
    await form.password.fill(demoPassword);
    await form.password.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'adminType')?.value).toBe('1');
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.loginName.fill(unknownName());
    await form.password.fill('Wrong-2026');
    await form.submit.click();
    await expect(page.getByText('账号或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('after a failure the image captcha appears silently and a click refreshes it', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.loginName.fill(unknownName());
    await form.password.fill('Wrong-2026');
    await form.submit.click();
    await expect(page.getByText('账号或密码错误')).toBeVisible();
    await form.password.fill(demoPassword);
    await form.submit.click();
    const image = page.getByAltText('图形验证码');
    await expect(image).toBeVisible();
    await expect(
      page
        .getByText(/验证码/)
        .locator('visible=true')
        .filter({ hasNot: image }),
    ).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('needImgCode'))).toBe('1');
    const first = await image.getAttribute('src');
    expect(first).toMatch(/^data:image\/svg\+xml/);
    await page.getByRole('button', { name: '看不清，换一张' }).click();
    await expect(image).not.toHaveAttribute('src', first ?? '');
    // A wrong code is said beside its field, and a new image comes.
    const second = await image.getAttribute('src');
    await page.getByPlaceholder('图形验证码').fill('zzzz');
    await form.submit.click();
    await expect(page.getByText('验证码错误', { exact: true })).toBeVisible();
    await expect(image).not.toHaveAttribute('src', second ?? '');
    // A reload keeps asking for the code (needImgCode in local storage).
    await page.reload();
    await expect(page.getByAltText('图形验证码')).toBeVisible();
  });

  test('记住账号 prefills the login name on the next visit', async ({ page, context }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.loginName.fill('agent1');
    await form.password.fill(demoPassword);
    await page.getByRole('checkbox', { name: '记住账号' }).check();
    await form.submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.clearCookies({ name: 'SaaS-Token' });
    await page.goto('/login');
    await expect(loginForm(page).loginName).toHaveValue('agent1');
    await expect(page.getByRole('checkbox', { name: '记住账号' })).toBeChecked();
  });

  test('记住密码 signs in again without the password from an httpOnly device cookie; 不是你？ forgets it', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.loginName.fill('agent2');
    await form.password.fill(demoPassword);
    await page.getByRole('checkbox', { name: '记住账号' }).check();
    await page.getByRole('checkbox', { name: '记住密码' }).check();
    await form.submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = JSON.stringify({
      cookies: await context.cookies(),
      local: await page.evaluate(() => ({ ...localStorage })),
    });
    expect(stored).not.toContain(demoPassword);
    const device = (await context.cookies()).find((cookie) => cookie.name === 'console_device');
    expect(device).toMatchObject({ httpOnly: true, path: '/api/log/adminLogin', sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('console_device');
    await context.clearCookies({ name: 'SaaS-Token' });
    await page.goto('/login');
    await expect(page.getByPlaceholder('已记住密码，可直接登录')).toBeVisible();
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await context.clearCookies({ name: 'SaaS-Token' });
    await page.goto('/login');
    await page.getByText('不是你？').click();
    await expect(loginForm(page).loginName).toHaveValue('');
    await page.reload();
    await expect(page.getByPlaceholder('密码', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: '记住密码' })).not.toBeChecked();
  });

  test('password show/hide toggles the field', async ({ page }) => {
    await page.goto('/login');
    const password = loginForm(page).password;
    await password.fill('abc123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: '显示密码' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: '隐藏密码' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('the redirect query is honoured with its own query string', async ({ page }) => {
    await page.goto('/dashboard?from=mail');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/dashboard?from=mail')}`);
    const form = loginForm(page);
    await form.loginName.fill('admin');
    await form.password.fill(demoPassword);
    await form.submit.click();
    await expect(page).toHaveURL(/\/dashboard\?from=mail$/);
  });

  test('the sign-in page does not download the console’s code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login');
    await expect(loginForm(page).submit).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The sign-in page is in the entry (apps/web/src/app/router.tsx), so /login paints without a second round trip.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /app-layout|dashboard|profile-page|sidebar|navbar/.test(path))).toEqual([]);
  });

  test('the sign-in page fits a 390px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await expect(loginForm(page).submit).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page).toHaveTitle(/^登录 - /);
  });
});
