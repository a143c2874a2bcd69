import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, signIn, test } from '../fixtures.js';

// The report screens over the demo year of payments: each opens with a date range (a preset on
// the first, the address on the others), draws its chart and table, and exports an .xlsx whose
// title line names the same range.

const reports: [string, string, RegExp][] = [
  ['/reportCenter/monthDataStatistics', '月度数据统计', /门店系统/],
  ['/reportCenter/agentDataStatistics', '服务商数据统计', /杭州云泊科技有限公司/],
  ['/dataMonitoring/commissionMonitorMgt', '佣金监控', /杭州云泊科技有限公司/],
  ['/dataMonitoring/businessStatistics', '经营统计', /新开门店/],
  ['/dataMonitoring/salesStatistics', '销售统计', /按商品/],
];

const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

async function exportedTitle(page: Page, title: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${title}-\\d{12}\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await readFile(await download.path())).buffer);
  const cell = workbook.worksheets[0]?.getRow(1).getCell(1).value;
  return typeof cell === 'string' ? cell : '';
}

test('admin opens each report with a date range and exports it', async ({ page }) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(20_000);
  await signIn(page, 'admin');

  // The first report through the picker's preset.
  await page.goto(reports[0]![0]);
  await page.getByLabel('日期范围').first().click();
  await page.getByText('近 3 个月', { exact: true }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=/);
  const from = new URL(page.url()).searchParams.get('from')!;
  // The picker's calendar may still be closing: its day grids are tables too.
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-table').getByRole('table').first()).toContainText(/门店系统/);
  expect(await exportedTitle(page, '月度数据统计')).toContain(`（${from} 至`);

  const to = day(new Date());
  const start = day(new Date(Date.now() - 200 * 86_400_000));
  for (const [path, title, text] of reports.slice(1)) {
    await page.goto(`${path}?from=${start}&to=${to}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.locator('figure.report-chart canvas').first()).toBeVisible();
    await expect(page.locator('main, body').first()).toContainText(text);
    expect(await exportedTitle(page, title)).toBe(`${title}（${start} 至 ${to}）`);
  }
});
