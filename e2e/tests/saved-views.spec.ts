import type { Browser, Page } from '@playwright/test';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// Saved views (issue 30 part 3) end to end: agent1 saves the store list as it is and shares it
// with its staff; agent1staff applies it from the 视图 menu; agent2, another provider, never sees it.

const STORES = '/storeManage/storeManagement';

interface ListedView {
  id: string;
  name: string;
}

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

const viewsButton = (page: Page) => page.getByRole('button', { name: /^视图/ });

test('agent1 saves and shares a store view; agent1staff applies it; agent2 does not see it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  page.setDefaultTimeout(15_000);
  const name = `共享视图${Date.now().toString(36)}`;
  const keyword = '门店';

  await signIn(page, 'agent1');
  await page.goto(`${STORES}?keyword=${encodeURIComponent(keyword)}`);
  await expect(page.getByRole('table')).toBeVisible();
  await viewsButton(page).click();
  await page.getByRole('button', { name: /保存当前为视图/ }).click();
  const dialog = page.getByRole('dialog', { name: '保存当前为视图' });
  await dialog.getByLabel('视图名称').fill(name);
  await dialog.getByRole('combobox', { name: '共享范围' }).click();
  await page.getByTitle('共享给本服务商员工').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('视图已保存')).toBeVisible();
  await expect(viewsButton(page)).toHaveText(new RegExp(`视图：${name}`));

  const agent1Token = await apiSignIn(request, 'agent1');
  const listed = await request.get('/api/savedView/list?listKey=store', { headers: authHeaders(agent1Token) });
  const view = ((await listed.json()) as { data: { list: ListedView[] } }).data.list.find((v) => v.name === name);
  expect(view).toBeDefined();

  // The staff of the same provider: the view is under 共享给我的, and applying it sets the list's filters.
  const staff = await otherBrowser(browser);
  staff.setDefaultTimeout(15_000);
  await signIn(staff, 'agent1staff');
  await staff.goto(STORES);
  await expect(staff.getByRole('table')).toBeVisible();
  await viewsButton(staff).click();
  const shared = staff.getByRole('list', { name: '共享给我的' });
  await shared.getByRole('button', { name, exact: true }).click();
  await expect(staff).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
  await expect(staff.getByLabel('关键词').or(staff.getByPlaceholder(/关键/)).first()).toHaveValue(keyword);
  await staff.context().close();

  // Another provider: not in its menu, and its link answers as unavailable.
  const other = await otherBrowser(browser);
  other.setDefaultTimeout(15_000);
  await signIn(other, 'agent2');
  await other.goto(`${STORES}?view=${view?.id ?? ''}`);
  await expect(other.getByText('视图不可用：它已被删除或未共享给你')).toBeVisible();
  await viewsButton(other).click();
  await expect(other.getByRole('button', { name: /保存当前为视图/ })).toBeVisible();
  await expect(other.getByText(name)).toHaveCount(0);
  await other.context().close();

  // Leave the demo data as it was.
  const removed = await request.post(`/api/savedView/delete?id=${view?.id ?? ''}`, {
    headers: authHeaders(agent1Token),
  });
  expect(((await removed.json()) as { errCode: number }).errCode).toBe(0);
});
