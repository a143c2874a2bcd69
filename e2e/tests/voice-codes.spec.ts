import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.js';

// 语音码派发 end to end, as the platform operator works it: generate a batch, narrow the list to it
// (the status cards follow), allocate part of it to a provider, void one code with a reason, and
// export the batch; then open a locker in IC 手环控制 and watch the gateway's answer land in the log.

const PROVIDER = '杭州云泊科技有限公司';

const card = (page: Page, label: string) =>
  page.locator('.resource-stat').filter({ hasText: label }).locator('.resource-stat-value');

test('generate, allocate, void and export voice codes; open a locker', async ({ page }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  await signIn(page, 'admin');
  await page.goto('/userMgt/dispatchVoice');
  await expect(card(page, '语音码总数')).toHaveText(/\d/);

  await page.getByRole('button', { name: '生成语音码' }).click();
  const create = page.getByRole('dialog', { name: '生成语音码' });
  await create.getByLabel('生成数量').fill('5');
  await create.getByLabel('单价').fill('12.5');
  await create.getByRole('button', { name: /生\s*成/ }).click();
  const created = page.getByText(/已生成 5 个语音码，批次号 VB\d+/);
  await expect(created).toBeVisible();
  const batchNo = /VB\d+/.exec((await created.textContent()) ?? '')?.[0] ?? '';

  await page.getByLabel('批次号', { exact: true }).fill(batchNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText('共 5 条')).toBeVisible();
  await expect(card(page, '语音码总数')).toHaveText('5');
  await expect(card(page, '未分配')).toHaveText('5');
  await expect(page.getByRole('row').filter({ hasText: '¥12.50' })).toHaveCount(5);

  await page.getByRole('button', { name: '分配给服务商' }).click();
  const allocate = page.getByRole('dialog', { name: '分配语音码给服务商' });
  await allocate.getByLabel('服务商').click();
  await allocate.getByLabel('服务商').fill('云泊');
  await page.locator('.ant-select-dropdown:visible').getByTitle(PROVIDER).click();
  await allocate.getByLabel('分配数量').fill('2');
  await allocate.getByLabel('批次号').fill(batchNo);
  await allocate.getByRole('button', { name: /分\s*配/ }).click();
  await expect(page.getByText('已分配 2 个语音码')).toBeVisible();
  await expect(card(page, '已分配')).toHaveText('2');
  await expect(page.getByRole('row').filter({ hasText: PROVIDER })).toHaveCount(2);

  // The newest codes are listed first; allocation took the oldest, so the first row is unallocated.
  await page
    .getByRole('row')
    .filter({ hasText: '未分配' })
    .first()
    .getByRole('button', { name: /作\s*废/ })
    .click();
  const voiding = page.getByRole('dialog', { name: '作废语音码' });
  await voiding.getByRole('button', { name: /作\s*废/ }).click();
  await expect(voiding.getByText(/请填写作废原因/)).toBeVisible();
  await voiding.getByLabel('作废原因').fill('标签印错，重新生成');
  await voiding.getByRole('button', { name: /作\s*废/ }).click();
  await expect(page.getByText('已作废 1 个语音码')).toBeVisible();
  await expect(card(page, '已作废')).toHaveText('1');
  await expect(card(page, '未分配')).toHaveText('2');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const download = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await readFile(await download.path())).buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]?.slice(0, 4)).toEqual(['语音码', '批次号', '状态', '单价']);
  expect(rows).toHaveLength(6);
  expect(rows.slice(1).every((row) => row[1] === batchNo)).toBe(true);

  // IC 手环控制: a store whose configuration is on its gateway can open a locker.
  await page.goto('/userMgt/ICHandControl');
  await page
    .getByRole('button', { name: /开\s*柜/ })
    .first()
    .click();
  const open = page.getByRole('dialog', { name: '远程开柜' });
  await open.getByLabel('柜号').fill('77');
  await open.getByRole('button', { name: /开\s*柜/ }).click();
  await expect(page.getByText('指令已发送，执行结果见“指令记录”')).toBeVisible();
  await page.getByRole('tab', { name: '指令记录' }).click();
  const command = page.getByRole('row').filter({ hasText: '77 号柜' }).first();
  await expect(command).toContainText(/成功|失败/, { timeout: 20_000 });
});
