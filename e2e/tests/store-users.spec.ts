import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// 门店员工 and 店主账号 end to end (issue 16): a due date changed in a batch shows in the list, and
// a statistics card filters the owner list to exactly the rows it counts. The staff dates are put
// back afterwards (over the API, with the rows' current versions), so other specs see the demo data.

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}
type Staff = { id: string; nickname: string; dueDate: string; version: number };

const NEW_DATE = '2031-06-30';

async function staffPage(request: APIRequestContext, token: string): Promise<Staff[]> {
  const res = await request.post('/api/saasic/staffApplet/getStaffAppletUserPage', {
    headers: authHeaders(token),
    data: { offset: 1, size: 50 },
  });
  return ((await res.json()) as Envelope<{ list: Staff[] }>).data.list;
}

/** The ticked rows' 到期日 back to what they were. */
async function restoreDates(request: APIRequestContext, original: Staff[]): Promise<void> {
  const token = await apiSignIn(request, 'admin');
  const now = new Map((await staffPage(request, token)).map((row) => [row.id, row]));
  const items = original
    .filter((row) => now.get(row.id)?.dueDate !== row.dueDate)
    .map((row) => ({ id: row.id, dueDate: row.dueDate, version: now.get(row.id)!.version }));
  if (items.length === 0) return;
  const res = await request.post('/api/saasic/staffApplet/batchUpdateDueDate', {
    headers: authHeaders(token),
    data: { items },
  });
  expect(((await res.json()) as Envelope<unknown>).errCode).toBe(0);
}

const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });

test('门店员工: a due date changed for the ticked rows shows in the list', async ({ page, request }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const token = await apiSignIn(request, 'admin');
  // The list's first two rows (newest first, as the screen shows them).
  const original = (await staffPage(request, token)).slice(0, 2);
  expect(original).toHaveLength(2);
  try {
    await signIn(page, 'admin');
    await page.goto('/userMgt/appletsUserMgt');
    await expect(page.getByText('门店员工列表')).toBeVisible();
    for (const staff of original) {
      await rowOf(page, staff.nickname).first().locator('.ant-checkbox-input').check();
    }
    await page.getByRole('button', { name: /批量修改到期日（2）/ }).click();
    const dialog = page.getByRole('dialog', { name: /批量修改到期日（2 人）/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('batch-count')).toHaveText('2');
    await dialog.getByLabel('新的到期日').fill(NEW_DATE);
    // Leaving the field keeps the typed date and closes its calendar.
    await dialog.getByTestId('batch-count').click();
    await dialog.getByRole('button', { name: '全部修改' }).click();
    await expect(page.getByText(`已修改 2 名员工的到期日为 ${NEW_DATE}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const staff of original) {
      await expect(rowOf(page, staff.nickname).first()).toContainText(NEW_DATE);
    }
    // Changed on the server too, each with its operation-log record.
    const now = await staffPage(request, token);
    for (const staff of original) expect(now.find((row) => row.id === staff.id)?.dueDate).toBe(NEW_DATE);
  } finally {
    await restoreDates(request, original);
  }
});

test('店主账号: a click on 已过期 lists exactly the expired owners, in red', async ({ page }) => {
  test.setTimeout(90_000);
  page.setDefaultTimeout(15_000);
  await signIn(page, 'admin');
  await page.goto('/userMgt/ZGJUser');
  await expect(page.getByText('店主账号列表')).toBeVisible();
  const card = page.getByRole('button', { name: /已过期/ });
  await expect(card).toContainText(/\d/);
  const expired = Number((await card.locator('.resource-stat-value').textContent())?.replaceAll(',', ''));
  expect(expired).toBeGreaterThan(0);

  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/expireDate=(~|%7E)\d{4}-\d{2}-\d{2}/);
  await expect(page.getByText(`共 ${expired} 条`)).toBeVisible();
  const dates = page.locator('tbody tr.ant-table-row [data-expiry]');
  await expect(dates).toHaveCount(Math.min(expired, 20));
  for (const state of await dates.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-expiry')))) {
    expect(state).toBe('past');
  }

  // 店主账号总数 shows every owner again.
  await page.getByRole('button', { name: /店主账号总数/ }).click();
  await expect(page).not.toHaveURL(/expireDate=/);
});
