import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// Issue 30 part 4: a queue worked from the keyboard alone. A provider's new store waits in 开店申请;
// the platform admin moves the row cursor onto it, reads the cheat sheet, and approves it with `a`,
// confirming with Enter: no click from the list on.

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

async function call<T>(request: APIRequestContext, token: string, path: string, body: object) {
  const res = await request.post(`/api${path}`, { headers: authHeaders(token), data: body });
  const envelope = (await res.json()) as Envelope<T>;
  expect(envelope.errCode, envelope.errMsg).toBe(0);
  return envelope.data;
}

test('a store application is approved with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const agent = await apiSignIn(request, 'agent1');
  const enterprises = await call<{ list: { id: string }[] }>(request, agent, '/enterprise/page', {
    offset: 1,
    size: 1,
  });
  const storeName = `键盘审核门店${String(Date.now()).slice(-6)}`;
  await call(request, agent, '/store/create', {
    name: storeName,
    enterpriseId: enterprises.list[0]!.id,
    storeType: 1,
    region: '浙江省/杭州市/西湖区',
    address: '文三路 91 号',
    contactName: '陈立',
    contactPhone: '13700001235',
    remark: '',
  });

  await signIn(page, 'admin');
  await page.goto(`/storeApplication/storeApplication?keyword=${encodeURIComponent(storeName)}`);
  const row = page.getByRole('row').filter({ hasText: storeName });
  await expect(row).toBeVisible();

  // The cheat sheet lists the screen's own keys.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: '键盘快捷键' });
  await expect(sheet).toContainText('通过');
  await expect(sheet).toContainText('驳回');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.keyboard.press('j');
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toBeFocused();
  await page.keyboard.press('a');
  const confirm = page.getByRole('dialog').filter({ hasText: `确定通过门店「${storeName}」` });
  await expect(confirm).toBeVisible();
  // Nothing is sent before the confirmation: the row still waits.
  await expect(row).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`已通过「${storeName}」的开店申请`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: storeName })).toHaveCount(0);
});
