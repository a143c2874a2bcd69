import { type MenuTreeNode, agentMenus, flattenMenus } from '@console/contract';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import {
  apiSignIn,
  authHeaders,
  confirmRowAction,
  demoPassword,
  expect,
  loginForm,
  rowAction,
  signIn,
  test,
} from '../fixtures.js';

// 服务商管理 end to end. Grants and freezing act on the demo provider of agent2 (成都蜀联), whose
// operator is the only one the other specs merely sign in with; every change is undone at the end,
// and again over the API if a step fails, so the provider is left as the demo data made it.

const PROVIDER = '成都蜀联智能科技有限公司';
const allAgentCodes = flattenMenus(agentMenus).flatMap(({ spec }) => [spec.name, ...Object.keys(spec.actions ?? {})]);
/** The permission tree counts screens (entries without children), not their directories and buttons. */
const agentPageCount = flattenMenus(agentMenus).filter(({ spec }) => !spec.children?.length).length;

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

function codesOf(tree: MenuTreeNode[], out = new Set<string>()): Set<string> {
  for (const node of tree) {
    out.add(node.url);
    codesOf(node.children, out);
  }
  return out;
}

async function menuCodesOf(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/api/saasRole/getMenuList', { headers: authHeaders(token) });
  const body = (await res.json()) as Envelope<MenuTreeNode[]>;
  return [...codesOf(body.data)].sort();
}

/** Puts the provider back as the demo data made it: active, with every provider menu. */
async function restoreProvider(request: APIRequestContext): Promise<void> {
  const token = await apiSignIn(request, 'admin');
  const headers = authHeaders(token);
  const page = (await (
    await request.post('/api/agent/page', { headers, data: { keyword: PROVIDER } })
  ).json()) as Envelope<{ list: { id: string; status: number }[] }>;
  const provider = page.data.list[0];
  if (!provider) throw new Error(`${PROVIDER} not found`);
  if (provider.status === 2) await request.post(`/api/agent/freeze?id=${provider.id}&freeze=0`, { headers });
  const catalogue = (await (await request.get('/api/agentMenu/getMenu', { headers })).json()) as Envelope<
    MenuTreeNode[]
  >;
  const ids: string[] = [];
  const walk = (nodes: MenuTreeNode[]) =>
    nodes.forEach((node) => {
      ids.push(node.id);
      walk(node.children);
    });
  walk(catalogue.data);
  await request.post('/api/agentMenu/update', { headers, data: { aic: provider.id, menuIds: ids } });
}

/** A second browser, with its own client address (as the fixtures give each test). */
function newClient(browser: Browser): Promise<BrowserContext> {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  return browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` },
  });
}

async function openAgentMgt(page: Page) {
  await page.goto('/userMgt/agentMgt');
  await expect(page.getByText('服务商列表')).toBeVisible();
}

const providerRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('admin creates a provider, edits it and sees its detail', async ({ page }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const name = `端到端服务商${Date.now() % 1_000_000}`;
  await signIn(page, 'admin');
  // The console has finished loading before the test navigates on.
  await expect(page.getByRole('button', { name: /账号菜单/ })).toBeVisible();
  await openAgentMgt(page);

  await page.getByRole('button', { name: '新增服务商' }).click();
  const drawer = page.getByRole('dialog', { name: '新增服务商' });
  await drawer.getByLabel('服务商名称').fill(name);
  await drawer.getByLabel('联系人').fill('钱七');
  // The contract's phone rule refuses a malformed number before anything is sent.
  await drawer.getByLabel('联系电话').fill('12345');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(
    drawer
      .getByText(/手机号|电话/)
      .filter({ visible: true })
      .last(),
  ).toBeVisible();
  await drawer.getByLabel('联系电话').fill('13911112222');
  await drawer.getByLabel('所在地区').fill('江苏省/南京市');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer).toBeHidden();

  const row = providerRow(page, name);
  await expect(row).toBeVisible();
  await expect(row.getByText('正常')).toBeVisible();
  await expect(row.getByText(/^FW\d{10}$/)).toBeVisible();

  await row.getByRole('button', { name: /编\s*辑/ }).click();
  const editor = page.getByRole('dialog', { name: '编辑服务商' });
  await expect(editor.getByLabel('服务商名称')).toHaveValue(name);
  await editor.getByLabel('联系人').fill('孙八');
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await expect(editor).toBeHidden();
  await expect(row.getByText('孙八')).toBeVisible();

  await row.getByRole('button', { name: /^查\s*看$/ }).click();
  const detail = page.getByRole('dialog', { name: `服务商详情：${name}` });
  await expect(detail.getByRole('row', { name: '联系人 孙八' })).toBeVisible();
  await expect(detail.getByRole('row', { name: '所在地区 江苏省/南京市' })).toBeVisible();
});

test('admin grants a provider a few menus, its operator gets exactly those; freezing signs the operator out until unfrozen', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  try {
    await signIn(page, 'admin');
    // The console has finished loading before the test navigates on.
    await expect(page.getByRole('button', { name: /账号菜单/ })).toBeVisible();
    await openAgentMgt(page);
    const row = providerRow(page, PROVIDER);

    // Grants: clear, then tick two pages (each takes its actions and its directory).
    await row.getByRole('button', { name: '菜单权限' }).click();
    const drawer = page.getByRole('dialog', { name: `菜单权限：${PROVIDER}` });
    await expect(drawer.getByText(`已选 ${agentPageCount} / ${agentPageCount} 个页面`)).toBeVisible();
    await drawer.getByRole('button', { name: /清\s*空/ }).click();
    const tick = (title: string, code: string) =>
      drawer
        .locator('.ant-tree-treenode')
        .filter({ has: page.locator(`[data-code="${code}"]`) })
        .filter({ hasText: title })
        .locator('.ant-tree-checkbox')
        .click();
    await tick('企业管理', 'businessManagement');
    await tick('操作日志', 'agentOperationLog');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('菜单权限已保存，该服务商已登录的操作员即刻生效')).toBeVisible();
    await expect(drawer).toBeHidden();

    const expected = [
      'businessManage',
      'businessManagement',
      ...Object.keys(flattenMenus(agentMenus).find(({ spec }) => spec.name === 'businessManagement')!.spec.actions!),
      'agentLog',
      'agentOperationLog',
      'agentOperationLog.page',
    ].sort();

    // The operator signs in and is served exactly those menus; nothing else shows in the sidebar.
    const operatorContext = await newClient(browser);
    const operator = await operatorContext.newPage();
    await signIn(operator, 'agent2');
    const operatorToken = (await operatorContext.cookies()).find((cookie) => cookie.name === 'SaaS-Token')?.value;
    expect(await menuCodesOf(request, operatorToken ?? '')).toEqual(expected);
    const sidebar = operator.getByRole('navigation').getByRole('menu').first();
    await expect(sidebar).toBeVisible();
    for (const title of ['门店管理', '安卓设备', '网关设备', '收款记录']) {
      await expect(sidebar.getByText(title, { exact: true })).toHaveCount(0);
    }

    // Reopened, the drawer shows what was saved.
    await row.getByRole('button', { name: '菜单权限' }).click();
    await expect(drawer.getByText(`已选 2 / ${agentPageCount} 个页面`)).toBeVisible();
    await drawer.getByRole('button', { name: /取\s*消/ }).click();

    // Freeze, confirmed: the operator's open console is signed out at once and cannot sign in again.
    // 冻结 and 解冻 may sit under the row's 更多 (a row shows at most three operations).
    await rowAction(page, row, /^冻\s*结$/);
    await expect(page.getByText(/冻结后其全部操作员立即被强制下线/).filter({ visible: true })).toBeVisible();
    await confirmRowAction(page);
    await expect(row.getByText('已冻结')).toBeVisible();
    await expect(operator).toHaveURL(/\/login/, { timeout: 20_000 });

    const form = loginForm(operator);
    await form.loginName.fill('agent2');
    await form.password.fill(demoPassword);
    await form.submit.click();
    await expect(operator.getByText('所属服务商已冻结，请联系平台')).toBeVisible();
    await expect(operator).toHaveURL(/\/login/);

    // Unfreeze, confirmed: the operator signs in again with the same grants.
    await rowAction(page, row, /^解\s*冻$/);
    await confirmRowAction(page);
    await expect(row.getByText('正常')).toBeVisible();
    // A fresh address: the refused attempt makes the next sign-in from the old one ask for a captcha.
    await operatorContext.close();
    const laterContext = await newClient(browser);
    const later = await laterContext.newPage();
    await signIn(later, 'agent2');
    const again = (await laterContext.cookies()).find((cookie) => cookie.name === 'SaaS-Token')?.value;
    expect(await menuCodesOf(request, again ?? '')).toEqual(expected);
    await laterContext.close();
  } finally {
    await restoreProvider(request);
  }
  const token = await apiSignIn(request, 'agent2');
  expect(await menuCodesOf(request, token)).toEqual([...allAgentCodes].sort());
});
