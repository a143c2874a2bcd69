import type { CustomMenu, MenuAccountOption } from '@console/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// 公众号自定义菜单 end to end: edit the demo service account's menu (rename, a name over WeChat's
// byte limit refused, a new sub-button, reorder), save the draft, see it survive a reload, publish
// it and watch WeChat's answer arrive. The menu is put back as the demo data made it afterwards.

const ACCOUNT = '门店云服务号';

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

async function menuOf(request: APIRequestContext, token: string) {
  const headers = authHeaders(token);
  const accounts = (await (await request.get('/api/customMenu/accounts', { headers })).json()) as Envelope<
    MenuAccountOption[]
  >;
  const account = accounts.data.find((a) => a.name === ACCOUNT);
  if (!account) throw new Error(`${ACCOUNT} not found`);
  const menu = (await (
    await request.get(`/api/customMenu/get?officialAccountId=${account.id}`, { headers })
  ).json()) as Envelope<CustomMenu>;
  return { account, menu: menu.data };
}

const topNames = (page: Page) => page.locator('.menu-tree-row.is-top .menu-tree-name > span:first-child');

test('edit a custom menu, save the draft, publish it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await apiSignIn(request, 'admin');
  const { account, menu: original } = await menuOf(request, token);
  try {
    await signIn(page, 'admin');
    await page.goto(`/customMenu/customMenu?officialAccountId=${account.id}`);
    await expect(page.getByText('发布状态')).toBeVisible();
    const names = await topNames(page).allTextContents();
    expect(names.length).toBe(3);

    // Rename the last top-level button: 8 Chinese characters are 24 bytes, over WeChat's 16.
    await page.locator('.menu-tree-row.is-top .menu-tree-name').nth(2).click();
    const name = page.getByRole('textbox', { name: '菜单名称', exact: true });
    await name.fill('联系我们客服热线');
    await expect(page.getByTestId('menu-name-bytes')).toHaveText('24/16 字节');
    await expect(page.getByText(/一级菜单名称最多 16 字节/)).toBeVisible();
    await page.getByRole('button', { name: /保存草稿/ }).click();
    await expect(page.getByText(/菜单还有 1 处不符合微信的规则/)).toBeVisible();
    await name.fill('联系我们');
    await expect(page.getByTestId('menu-name-bytes')).toHaveText('12/16 字节');

    // Move it up one place (the keyboard way), then give the second group a new sub-button.
    await page.getByRole('button', { name: '上移一级菜单「联系我们」' }).click();
    await expect(topNames(page)).toHaveText([names[0]!, '联系我们', names[1]!]);
    const groups = page.locator('.menu-tree-group');
    await groups
      .nth(2)
      .getByRole('button', { name: /添加子菜单/ })
      .click();
    await name.fill('续费记录');
    await page.getByLabel('跳转网页').check();
    await page.getByLabel('网页链接').fill('https://m.example.com/renew/records');
    await expect(page.locator('.menu-phone-subs')).toContainText('续费记录');

    await page.getByRole('button', { name: /保存草稿/ }).click();
    await expect(page.getByText('草稿已保存，尚未发布到微信')).toBeVisible();
    await expect(page.getByText('未发布', { exact: true })).toBeVisible();

    await page.reload();
    await expect(topNames(page)).toHaveText([names[0]!, '联系我们', names[1]!]);
    await expect(page.locator('.menu-tree-row.is-sub').filter({ hasText: '续费记录' })).toBeVisible();

    // Publish; WeChat answers a few seconds later and the page shows it without a reload. The
    // simulated WeChat is sometimes unavailable, as the real one is: an operator publishes again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await page.getByRole('button', { name: /发布到微信/ }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^发\s*布$/ })
        .click();
      const done = page.getByText('已发布', { exact: true }).or(page.getByText(/^发布失败：/));
      await expect(done).toBeVisible({ timeout: 20_000 });
      if (await page.getByText('已发布', { exact: true }).isVisible()) break;
      await expect(page.getByText('发布失败：微信接口暂时无法访问，请稍后重试')).toBeVisible();
    }
    await expect(page.getByText('已发布', { exact: true })).toBeVisible();
    const { menu: published } = await menuOf(request, token);
    expect(published.publishStatus).toBe(2);
    expect(published.buttons.map((b) => b.name)).toEqual([names[0], '联系我们', names[1]]);
    expect(published.liveButtons).toEqual(published.buttons);
  } finally {
    const { menu: now } = await menuOf(request, token);
    await request.post('/api/customMenu/save', {
      headers: authHeaders(token),
      data: { officialAccountId: account.id, version: now.version, buttons: original.buttons },
    });
  }
});
