import type { Locator } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.js';

// 企业钱包 (/payManger/enterpriseWallet) end to end (issue 18): a platform administrator recharges
// a wallet through the two-step adjustment, and the list's balance and the wallet's ledger show it.

const yuanOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
const fenText = (fen: number) =>
  `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('admin adjusts a wallet with the second confirmation; the balance and the ledger change', async ({ page }) => {
  test.setTimeout(90_000);
  page.setDefaultTimeout(15_000);
  const reason = `对公转账充值 e2e-${Date.now().toString(36)}`;

  await signIn(page, 'admin');
  await page.goto('/payManger/enterpriseWallet');
  const first = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: '调整余额' }) })
    .first();
  await expect(first).toBeVisible();
  const enterprise = (await first.getByRole('cell').nth(0).innerText()).trim();
  const row: Locator = page.getByRole('row').filter({ hasText: enterprise }).first();
  const balanceCell = row.getByRole('cell').nth(2);
  const before = yuanOf(await balanceCell.innerText());

  await row.getByRole('button', { name: '调整余额' }).click();
  const dialog = page.getByRole('dialog', { name: /调整余额/ });
  await dialog.getByLabel('金额').fill('12.34');
  await dialog.getByLabel('调整原因').fill(reason);
  await dialog.getByRole('button', { name: /下一步/ }).click();

  // The second confirmation shows the balance after, and nothing is sent before it is clicked.
  await expect(dialog.getByRole('group', { name: '再次确认' })).toBeVisible();
  await expect(dialog.getByTestId('balance-after')).toHaveText(fenText(before + 1234));
  await expect(balanceCell).toHaveText(fenText(before));
  await dialog.getByRole('button', { name: /确认调整/ }).click();
  await expect(dialog).toBeHidden();
  await expect(balanceCell).toHaveText(fenText(before + 1234));

  // The ledger under the wallet's detail: the newest entry is this recharge, with the new balance.
  await row.getByRole('button', { name: '查看' }).click();
  const ledger = page.getByRole('region', { name: '钱包明细' });
  const entry = ledger.getByRole('row').filter({ hasText: reason });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('+¥12.34');
  await expect(entry).toContainText(fenText(before + 1234));
  await expect(entry).toContainText('人工调整');
});
