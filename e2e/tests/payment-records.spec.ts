import { expect, signIn, test } from '../fixtures.js';

// 门店缴费记录 and 服务商缴费记录 (交易管理): the filtered sums above the list, and 退款 on a paid
// row: closing the dialog changes nothing; a refund with a reason turns the row 已退款.

for (const screen of [
  { path: '/saasTransaction/saasPayment', title: '门店缴费记录' },
  { path: '/saasTransaction/saasRecord', title: '服务商缴费记录' },
]) {
  test(`${screen.title}: sums, 退款 cancelled, then 退款 with a reason`, async ({ page }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'admin');
    await page.goto(screen.path);
    await expect(page.getByText('实收金额')).toBeVisible();

    const paid = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: '退款' }) })
      .first();
    await expect(paid).toBeVisible();
    const recordNo = (await paid.getByRole('cell').nth(0).innerText()).trim();
    const row = page.getByRole('row').filter({ hasText: recordNo }).first();

    await row.getByRole('button', { name: '退款' }).click();
    const dialog = page.getByRole('dialog', { name: `退款 · ${recordNo}` });
    await expect(dialog).toContainText('将全额退还');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: '退款' })).toBeVisible();

    await row.getByRole('button', { name: '退款' }).click();
    await dialog.getByLabel('退款原因').fill('e2e 重复缴费，原路退回');
    await dialog.getByRole('button', { name: '确认退款' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('已退款');
    await expect(row.getByRole('button', { name: '退款' })).toHaveCount(0);
  });
}
