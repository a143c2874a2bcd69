import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// Ctrl+K (issue 30 part 1): agent1 finds one of its stores by the contact phone and Enter opens
// the store list in a tab with that store's detail drawer, at an address that names it.

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

test('agent1 presses Ctrl+K, types a store’s phone, and Enter opens its detail', async ({ page, request }) => {
  test.setTimeout(90_000);
  page.setDefaultTimeout(15_000);
  const suffix = Date.now().toString().slice(-8);
  const phone = `139${suffix}`;
  const storeName = `搜索门店${suffix}`;

  const agent = await apiSignIn(request, 'agent1');
  const enterprise = await call<{ id: string }>(request, agent, '/enterprise/create', {
    name: `搜索企业${suffix}`,
    contactName: '王伟',
    contactPhone: '13900000000',
    address: '',
    status: 1,
    remark: '',
  });
  const store = await call<{ id: string }>(request, agent, '/store/create', {
    name: storeName,
    enterpriseId: enterprise.id,
    storeType: 1,
    contactPhone: phone,
  });

  await signIn(page, 'agent1');
  await page.keyboard.press('Control+K');
  const box = page.getByRole('combobox', { name: '搜索内容' });
  await expect(box).toBeFocused();
  await box.fill(phone);
  const hit = page.getByRole('option').filter({ hasText: storeName });
  await expect(hit).toBeVisible();
  // The menu may match too: move to the store, then open it.
  while ((await hit.getAttribute('aria-selected')) !== 'true') await box.press('ArrowDown');
  await box.press('Enter');

  await expect(page).toHaveURL(new RegExp(`\\?detail=${store.id}$`));
  const drawer = page.getByRole('dialog').filter({ hasText: `门店详情：${storeName}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(phone)).toBeVisible();
  // The list's screen is open as a tab, and Esc-ing the palette away left nothing behind.
  await expect(page.getByRole('combobox', { name: '搜索内容' })).toBeHidden();
});
