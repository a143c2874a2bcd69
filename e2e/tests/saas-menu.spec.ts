import type { SaasMenu } from '@console/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// 菜单管理 end to end on the 服务商管理 entry: its title and visibility reach the sidebar. The entry
// is put back over the API at the end, whatever happened, so other specs see the demo catalogue.

const TITLE = '服务商管理';

async function restoreEntry(request: APIRequestContext): Promise<void> {
  const headers = authHeaders(await apiSignIn(request, 'admin'));
  const res = await request.post('/api/saasMenu/page', {
    headers,
    data: { scope: 'platform', keyword: 'agentMgt', size: 50 },
  });
  const entry = ((await res.json()) as { data: { list: SaasMenu[] } }).data.list.find((row) => row.url === 'agentMgt');
  if (!entry) throw new Error('agentMgt entry not found');
  if (entry.title === TITLE && entry.hidden === 0) return;
  await request.post('/api/saasMenu/update', {
    headers,
    data: { id: entry.id, version: entry.version, title: TITLE, hidden: 0 },
  });
}

/**
 * The sidebar with its 用户管理 group opened. With one visible page left the group reads as that
 * page (the sidebar collapses single-page directories), so the group may not be there at all.
 */
async function userMgtGroup(page: Page) {
  const sidebar = page.getByRole('navigation').getByRole('menu').first();
  await expect(sidebar.getByRole('menuitem', { name: /IP 限制|用户管理/ }).first()).toBeVisible();
  const group = sidebar.getByRole('menuitem', { name: /用户管理/ });
  if ((await group.count()) > 0 && (await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  return sidebar;
}

async function editEntry(page: Page, title: string) {
  const row = page.getByRole('row').filter({ has: page.getByText('agentMgt', { exact: true }) });
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  const drawer = page.getByRole('dialog', { name: `编辑菜单：${title}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('admin renames a menu entry and hides it; the sidebar follows after a reload; then restores it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  page.setDefaultTimeout(15_000);
  const renamed = `供应商管理${Date.now() % 10_000}`;
  try {
    await signIn(page, 'admin');
    // The console has finished loading before the test navigates on.
    await expect(page.getByRole('button', { name: /账号菜单/ })).toBeVisible();
    await page.goto('/systemConfig/saasMenu');
    await expect(page.getByRole('button', { name: /新增菜单/ })).toBeVisible();

    // The client refuses an empty title with the contract's message; a built-in code is not editable.
    let drawer = await editEntry(page, TITLE);
    await expect(drawer.getByLabel('路由名')).toBeDisabled();
    await drawer.getByLabel('标题').fill('');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer.getByText('请输入标题')).toBeVisible();
    await drawer.getByLabel('标题').fill(renamed);
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: renamed })).toBeVisible();

    await page.reload();
    let sidebar = await userMgtGroup(page);
    await expect(sidebar.getByRole('menuitem', { name: renamed })).toBeVisible();
    await expect(sidebar.getByRole('menuitem', { name: TITLE, exact: true })).toHaveCount(0);

    // Hidden: gone from the sidebar after a reload, though the screen itself still opens.
    drawer = await editEntry(page, renamed);
    await drawer.getByRole('switch').click();
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: renamed }).getByText('隐藏')).toBeVisible();
    await page.reload();
    sidebar = await userMgtGroup(page);
    await expect(sidebar.getByRole('menuitem', { name: 'IP 限制' })).toBeVisible();
    await expect(sidebar.getByRole('menuitem', { name: renamed })).toHaveCount(0);
    await page.goto('/userMgt/agentMgt');
    await expect(page.getByText('服务商列表')).toBeVisible();

    // Restored through the screen: title back, shown again.
    await page.goto('/systemConfig/saasMenu');
    drawer = await editEntry(page, renamed);
    await drawer.getByLabel('标题').fill(TITLE);
    await drawer.getByRole('switch').click();
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer).toBeHidden();
    await page.reload();
    sidebar = await userMgtGroup(page);
    await expect(sidebar.getByRole('menuitem', { name: TITLE, exact: true })).toBeVisible();
  } finally {
    await restoreEntry(request);
  }
});
