import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';

/** A mobile number no other test run uses, so every run starts with no pending application. */
function freshPhone(): string {
  return `139${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`public pages at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('/website introduces the platform and links to sign-in and registration', async ({ page }) => {
      await page.goto('/website');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('门店云平台');
      for (const heading of ['适用门店', '平台能力', '服务商体系', '配套硬件', '成为服务商']) {
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      }
      await expect(page.getByRole('link', { name: '登录运营后台' })).toHaveAttribute('href', '/login');
      await expect(page.getByRole('link', { name: '申请成为服务商' })).toHaveAttribute('href', '/register');
      await expectNoHorizontalScroll(page);
    });

    test('/decorationShop shows every decoration style', async ({ page }) => {
      await page.goto('/decorationShop');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('门店装修');
      for (const name of ['雅致汤泉', '国潮浴场', '静夜桑拿', '活力健身', '清爽泳池', '简约商务']) {
        await expect(page.getByRole('article', { name })).toBeVisible();
      }
      await expectNoHorizontalScroll(page);
    });

    test('/register fits the screen', async ({ page }) => {
      await page.goto('/register');
      await expect(page.getByRole('heading', { name: '服务商入驻申请' })).toBeVisible();
      await expect(page.getByRole('button', { name: '提交申请' })).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
  });
}

test('/register validates, submits a pending application and refuses a second one for the phone', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请输入企业名称')).toBeVisible();
  await expect(page.getByText('请输入联系电话')).toBeVisible();
  await expect(page.getByText('请阅读并同意用户协议和隐私政策')).toBeVisible();

  const phone = freshPhone();
  const fill = async () => {
    await page.getByLabel(/^(企业名称|姓名)$/).fill('温州鹿城澜汐科技有限公司');
    await page.getByLabel('联系人').fill('周明轩');
    await page.getByLabel('联系电话').fill(phone);
    await page.getByLabel('所在地区').fill('浙江省/温州市/鹿城区');
    await page.getByLabel('详细地址').fill('车站大道 577 号财富中心 2208 室');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '提交申请' }).click();
  };
  await fill();
  await expect(page.getByText('申请已提交，等待平台审核')).toBeVisible();
  await expect(page.getByText(/^FW\d{10}$/)).toBeVisible();

  // A person applying with the same phone while the first application is pending.
  await page.goto('/register');
  await page.locator('label', { hasText: /^个人$/ }).click();
  await expect(page.getByLabel('姓名')).toBeVisible();
  await fill();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: '正在审核中' })).toBeVisible();
});

for (const kind of ['privacyAgreement', 'userAgreement', 'renewalAgreement', 'privatezc']) {
  test(`/${kind} shows the configured text as plain paragraphs`, async ({ page, request }) => {
    const res = await request.get(`/api/systemConfig/agreement?key=${kind}`);
    const body = (await res.json()) as { errCode: number; data: { title: string; content: string } | null };
    await page.goto(`/${kind}`);
    if (body.errCode === 0 && body.data) {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(body.data.title);
      await expect(page).toHaveTitle(new RegExp(`^${body.data.title} - `));
      // One title and one date: the text's own opening title and date line are not shown again.
      await expect(page.getByText(/(更新|生效|修订)日期/)).toHaveCount(1);
      // The first words of the stored text's body, whatever markup it was saved with.
      const firstLine = await page.evaluate(
        ({ content, title }) =>
          (new DOMParser().parseFromString(content, 'text/html').body.textContent ?? '')
            .split(/\s*\n\s*/)
            .find((line) => line.trim() && !line.trim().endsWith(title) && !/^(更新|生效|修订)日期/.test(line)) ?? '',
        body.data,
      );
      expect(firstLine).not.toBe('');
      await expect(page.locator('article')).toContainText(firstLine.slice(0, 12));
      await expect(page.locator('article script')).toHaveCount(0);
    } else {
      await expect(page.getByText(/暂未发布/)).toBeVisible();
    }
  });
}
