import { expect, signIn, test } from '../fixtures.js';

// The resource machinery end to end on its first screen, IP 限制. The rule is a deny rule for a
// documentation-only address (TEST-NET-2), so it can never lock out the other tests' sign-ins.

test('admin adds, finds, edits and deletes an IP restriction rule', async ({ page }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const octet = 1 + Math.floor(Math.random() * 254);
  const address = `198.51.100.${octet}`;
  const remark = `端到端规则 ${Date.now()}`;

  await signIn(page, 'admin');
  await expect(page.getByRole('button', { name: /账号菜单/ })).toBeVisible();
  await page.goto('/userMgt/IPRestrictions');
  await expect(page.getByText('IP 限制列表')).toBeVisible();
  await expect(page.getByText(/^共 \d+ 条$/)).toBeVisible();

  // Create: the schema's own rule refuses a malformed address before anything is sent.
  await page.getByRole('button', { name: '新增 IP 限制' }).click();
  const drawer = page.getByRole('dialog', { name: '新增 IP 限制' });
  await drawer.getByLabel('IP 地址/网段').fill('300.1.1.1');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer.getByText(/请输入 IP 地址或网段/)).toBeVisible();
  await drawer.getByLabel('IP 地址/网段').fill(address);
  await drawer.getByLabel('规则类型').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('禁止').click();
  await drawer.getByLabel('备注').fill(remark);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: address });
  await expect(row).toBeVisible();
  await expect(row.getByText('禁止')).toBeVisible();

  // Search by keyword: the address keeps the view, and a reload reproduces it.
  await page.getByLabel('关键词').fill(address);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${address.replaceAll('.', '\\.')}`));
  await expect(page.getByText('共 1 条')).toBeVisible();
  // The reload opens the filtered address as its own tab; the earlier, unfiltered one stays hidden.
  await page.reload();
  await expect(page.getByLabel('关键词').filter({ visible: true })).toHaveValue(address);
  await expect(page.getByText('共 1 条')).toBeVisible();

  // Edit.
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  const editor = page.getByRole('dialog', { name: '编辑 IP 限制' });
  await expect(editor.getByLabel('IP 地址/网段')).toHaveValue(address);
  await editor.getByLabel('备注').fill(`${remark}（已修改）`);
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await expect(editor).toBeHidden();
  await expect(row.getByText(`${remark}（已修改）`)).toBeVisible();

  // Detail.
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const detail = page.getByRole('dialog', { name: new RegExp(`IP 限制详情：${address.replaceAll('.', '\\.')}`) });
  await expect(detail.getByRole('row', { name: '适用账号 全部账号' })).toBeVisible();
  await expect(detail.getByRole('row', { name: '状态 启用' })).toBeVisible();
  await detail.getByRole('button', { name: '关闭' }).click();

  // Delete, confirmed.
  await row.getByRole('button', { name: /^删\s*除$/ }).click();
  await expect(page.getByText(`确定删除 IP 限制「${address}」吗？`)).toBeVisible();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: address })).toHaveCount(0);
  await expect(page.getByText('暂无数据').filter({ visible: true })).toBeVisible();
});
