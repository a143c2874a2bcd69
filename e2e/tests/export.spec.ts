import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// Export end to end: the admin filters IP 限制 down to one rule, presses 导出 and gets an .xlsx
// of exactly that view, with Chinese headers and display values. The rule denies a
// documentation-only address (TEST-NET-2), so it can never lock out other tests' sign-ins.

type Cell = string | number | null;

test('admin exports the filtered IP restriction list as an .xlsx', async ({ page, request }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const address = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const remark = `导出端到端 ${Date.now()}`;
  const token = await apiSignIn(request, 'admin');
  const created = await request.post('/api/ipRestriction/create', {
    headers: authHeaders(token),
    data: { ruleType: 2, address, appliesTo: 2, status: 0, remark },
  });
  const rule = ((await created.json()) as { errCode: number; data: { id: string; createdAt: string } }).data;
  expect(rule.id).toBeTruthy();

  try {
    await signIn(page, 'admin');
    await page.goto(`/userMgt/IPRestrictions?keyword=${encodeURIComponent(remark)}`);
    await expect(page.getByText('共 1 条')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^IP 限制-\d{12}\.xlsx$/);
    await expect(page.getByText('导出完成，共 1 条', { exact: false })).toBeVisible();

    const path = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await readFile(path)).buffer);
    const rows: Cell[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as Cell[]).slice(1)));
    expect(rows[0]).toEqual(['IP 地址/网段', '规则类型', '适用账号', '状态', '备注', '创建时间', '更新时间']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 5)).toEqual([address, '禁止', '服务商账号', '停用', remark]);
    // Beijing wall-clock time (UTC+8), as the console shows it.
    const beijing = new Date(Date.parse(rule.createdAt) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(rows[1]?.[5]).toBe(beijing);
  } finally {
    await request.post(`/api/ipRestriction/delete?id=${rule.id}`, { headers: authHeaders(token) });
  }
});
