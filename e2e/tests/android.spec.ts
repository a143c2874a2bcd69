import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// 安卓设备 end to end (issue 17): a new terminal release is uploaded through the file storage,
// pushed to a company group, and each device's progress moves on screen as the (simulated)
// devices report downloading, installing and their result.

interface Envelope<T> {
  errCode: number;
  data: T;
}

/** A ZIP whose entry is AndroidManifest.xml: what the server's sniffer takes for a package. */
const apk = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26, 0),
  Buffer.from('AndroidManifest.xml'),
  Buffer.alloc(4096, 1),
]);

test('应用推送: a release pushed to a group shows each device’s progress live', async ({ page, request }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const token = await apiSignIn(request, 'admin');
  const latest = (await (
    await request.get('/api/saasicAndroidController/getAppLastVer?app=1', { headers: authHeaders(token) })
  ).json()) as Envelope<{ versionCode: number } | null>;
  const code = (latest.data?.versionCode ?? 100) + 1 + Math.floor(Math.random() * 1000);
  const versionName = `9.${code % 100}.${code}`;

  await signIn(page, 'admin');
  await page.goto('/userMgt/android?tab=versions');
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: '新增应用版本' });
  await drawer.getByLabel('版本号', { exact: true }).fill(versionName);
  await drawer.getByLabel('版本序号').fill(String(code));
  await drawer.locator('input[type=file]').setInputFiles({
    name: 'terminal.apk',
    mimeType: 'application/vnd.android.package-archive',
    buffer: apk,
  });
  await expect(drawer.getByText('terminal.apk')).toBeVisible();
  await drawer.getByLabel('更新说明').fill('端到端测试发布');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  await page.getByRole('tab', { name: '应用推送' }).click();
  await page.getByRole('button', { name: '推送更新' }).click();
  const dialog = page.getByRole('dialog', { name: '推送应用更新' });
  await dialog.getByLabel('终端版本').click();
  await page.locator('.ant-select-item-option').filter({ hasText: versionName }).click();
  await dialog.getByLabel('公司分组').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '灰度试点' }).click();
  await dialog.getByRole('button', { name: /推\s*送/ }).click();

  const progress = page.getByRole('dialog', { name: '推送进度' });
  await expect(progress.getByText(versionName)).toBeVisible();
  const rows = progress.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // Devices report as they go: some row is downloading or installing before all have answered…
  await expect(
    progress
      .locator('tbody .ant-tag')
      .filter({ hasText: /下载中|安装中/ })
      .first(),
  ).toBeVisible({
    timeout: 20_000,
  });
  // …and every device ends installed or failed with its reason.
  await expect(progress.getByText(/推送中/)).toHaveCount(0, { timeout: 60_000 });
  await expect(progress.locator('tbody .ant-tag').filter({ hasText: /等待中|下载中|安装中/ })).toHaveCount(0);
  await expect(progress.locator('tbody .ant-tag').filter({ hasText: '已安装' }).first()).toBeVisible();
});
