import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// The provider's console (issue 20) end to end: agent1 opens an enterprise and applies for a
// store, the platform approves it, agent1 renews it from the balance and finds the charge in
// 账户流水. (A staff operator with a narrow grant is walked through in staffing.spec.ts.)

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

async function call<T>(request: APIRequestContext, token: string, url: string, data: object) {
  const res = await request.post(`/api${url}`, { headers: authHeaders(token), data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.errCode, `${url}: ${body.errMsg}`).toBe(0);
  return body.data;
}

test('agent1 opens a store the platform approves, renews it and sees the charge in 账户流水', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const suffix = `${Date.now().toString(36)}`;
  const enterpriseName = `端到端企业${suffix}`;
  const storeName = `端到端门店${suffix}`;

  // 企业管理: a new enterprise through the form.
  await signIn(page, 'agent1');
  await page.goto('/businessManage/businessManagement');
  await page.getByRole('button', { name: /新增企业/ }).click();
  const drawer = page.getByRole('dialog', { name: /新增企业/ });
  await drawer.getByLabel('企业名称').fill(enterpriseName);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: enterpriseName })).toBeVisible();

  // 开店申请: the store starts as an application for the platform, which approves it.
  const agent = await apiSignIn(request, 'agent1');
  const enterprises = await call<{ list: { id: string }[] }>(request, agent, '/enterprise/page', {
    keyword: enterpriseName,
  });
  const store = await call<{ id: string; version: number; status: number; storeNo: string }>(
    request,
    agent,
    '/store/create',
    { name: storeName, enterpriseId: enterprises.list[0]!.id, storeType: 1 },
  );
  expect(store.status).toBe(0);
  const admin = await apiSignIn(request, 'admin');
  await call(request, admin, '/store/approve', { id: store.id, version: store.version });

  // 门店管理: 续费 one year of the web system, paid from the balance.
  await page.goto(`/storeManage/storeManagement?keyword=${encodeURIComponent(storeName)}`);
  const row = page.getByRole('row').filter({ hasText: storeName });
  await expect(row.getByText('正常')).toBeVisible();
  await row.getByRole('button', { name: '续费' }).click();
  const dialog = page.getByRole('dialog', { name: `门店续费：${storeName}` });
  await expect(dialog.getByText('应付金额')).toBeVisible();
  await dialog.getByRole('button', { name: '确认续费' }).click();
  await expect(page.getByText(`「${storeName}」已续费，费用已记入账户流水`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // 账户流水: the charge, with the store's number, under the balance.
  await page.goto(`/agentTransaction/agentRecord?keyword=${store.storeNo}`);
  const charge = page.getByRole('row').filter({ hasText: store.storeNo });
  await expect(charge.getByText('门店续费')).toBeVisible();
  await expect(page.getByText('当前余额')).toBeVisible();
});
