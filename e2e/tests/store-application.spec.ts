import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, authHeaders, expect, loginForm, signIn, test } from '../fixtures.js';

// Issue 16: a provider signs up on /register, is approved in 服务商审核, signs in with the password
// the SMS carried and replaces it; a store application approved in one browser drops the sidebar
// badge in another, without a reload.

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

async function call<T>(request: APIRequestContext, token: string, path: string, body?: object, method = 'POST') {
  const res =
    method === 'GET'
      ? await request.get(`/api${path}`, { headers: authHeaders(token) })
      : await request.post(`/api${path}`, { headers: authHeaders(token), data: body ?? {} });
  const envelope = (await res.json()) as Envelope<T>;
  expect(envelope.errCode, envelope.errMsg).toBe(0);
  return envelope.data;
}

const badgeOf = (page: Page) =>
  page
    .getByRole('navigation', { name: '侧边菜单' })
    .getByTitle(/条待审核$/)
    .first();

/** The sidebar's pending count: its title reads "N 条待审核"; none at all when nothing waits. */
async function expectBadge(page: Page, count: number) {
  if (count > 0) await expect(badgeOf(page)).toHaveAttribute('title', `${count} 条待审核`);
  else await expect(badgeOf(page)).toHaveCount(0);
}

test('a provider applies, is approved, signs in with the SMS password and replaces it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-7);
  const phone = `1360${suffix}`;
  const name = `嘉兴南湖澄泉科技${suffix}`;

  await page.goto('/register');
  await page.getByLabel('企业名称').fill(name);
  await page.getByLabel('联系人').fill('顾晓峰');
  await page.getByLabel('联系电话').fill(phone);
  await page.getByLabel('所在地区').fill('浙江省/嘉兴市/南湖区');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('申请已提交，等待平台审核')).toBeVisible();

  await signIn(page, 'admin');
  // 首页's pending-provider figure opens the review list filtered to exactly those applications.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: '服务商：待审核' }).click();
  await expect(page).toHaveURL(/\/storeApplication\/agentExamine\?status=0$/);
  await expect(page.getByRole('row').filter({ hasText: '已驳回' })).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('待审核');
  await row.getByRole('button', { name: /^通\s*过$/ }).click();
  const approve = page.getByRole('dialog', { name: `通过入驻申请：${name}` });
  await approve.getByRole('button', { name: '确定通过' }).click();
  const done = page.getByRole('dialog', { name: '已通过入驻申请' });
  await expect(done).toContainText(phone);
  await expect(done).toContainText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  await done.getByRole('button', { name: '知道了' }).click();
  // The approved application leaves the queue.
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // 短信记录 shows the message with the password masked.
  await page.goto(`/SMS/SMSLog?keyword=${phone}`);
  const sms = page.getByRole('row').filter({ hasText: phone });
  await expect(sms).toContainText('初始密码：******');
  await expect(sms).toContainText('发送成功');

  // The original, read as the platform admin through the logged reveal endpoint.
  const admin = await apiSignIn(request, 'admin');
  const logged = await call<{ list: { id: string; status: number }[] }>(request, admin, '/smsLog/page', {
    keyword: phone,
    purpose: 1,
  });
  const original = await call<{ content: string }>(
    request,
    admin,
    `/smsLog/reveal?id=${logged.list[0]!.id}`,
    undefined,
    'GET',
  );
  const password = /初始密码：(\S+?)，/.exec(original.content)?.[1] ?? '';
  expect(password).toMatch(/^[A-Za-z0-9]{14}$/);

  const provider = await browser.newPage({ baseURL });
  await provider.goto('/login');
  const form = loginForm(provider);
  await form.loginName.fill(phone);
  await form.password.fill(password);
  await form.submit.click();
  const change = provider.getByRole('dialog', { name: '请先修改初始密码' });
  await change.getByLabel('当前密码').fill(password);
  await change.getByLabel('新密码', { exact: true }).fill('Chengquan2027');
  await change.getByLabel('确认新密码').fill('Chengquan2027');
  await change.getByRole('button', { name: '确认修改' }).click();
  await expect(change).toBeHidden();
  await expect(provider.getByRole('button', { name: /账号菜单/ })).toBeVisible();
  expect(await apiSignIn(request, phone, 'Chengquan2027')).toBeTruthy();
  await provider.close();
});

test('approving a store application drops the badge in another signed-in browser at once', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const agent = await apiSignIn(request, 'agent1');
  const enterprises = await call<{ list: { id: string }[] }>(request, agent, '/enterprise/page', {
    offset: 1,
    size: 1,
  });
  const storeName = `云泊测试门店${String(Date.now()).slice(-6)}`;
  await call(request, agent, '/store/create', {
    name: storeName,
    enterpriseId: enterprises.list[0]!.id,
    storeType: 1,
    region: '浙江省/杭州市/西湖区',
    address: '文三路 90 号',
    contactName: '陈立',
    contactPhone: '13700001234',
    remark: '',
  });
  const admin = await apiSignIn(request, 'admin');
  const pending = await call<number>(request, admin, '/saasRole/getPendingApplication');

  const watcher = await browser.newPage({ baseURL });
  await signIn(watcher, 'admin');
  await expectBadge(watcher, pending);

  await signIn(page, 'admin');
  await page.goto('/storeApplication/storeApplication');
  await expectBadge(page, pending);
  const row = page.getByRole('row').filter({ hasText: storeName });
  await row.getByRole('button', { name: /^通\s*过$/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText(`已通过「${storeName}」的开店申请`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: storeName })).toHaveCount(0);

  // The other browser was not touched: the socket's event alone moves its badge.
  await expectBadge(watcher, pending - 1);
  await expectBadge(page, pending - 1);
  await watcher.close();
});
