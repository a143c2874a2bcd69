import { expect, signIn, test } from '../fixtures.js';

// antd's card padding comes from CSS variables antd writes only when a real Card renders; the
// list's cards are antd markup without the component, and a list opened directly had none.
test('a list opened directly has padded search and table cards, with 查询 and 重置 on one line', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/account/accountMgt');
  const bodies = page.locator('.resource-page .ant-card-body');
  await expect(bodies).toHaveCount(2);
  for (const body of await bodies.all()) {
    await expect(body).toHaveCSS('padding', '12px');
  }
  const search = page.getByRole('button', { name: /查\s*询/ });
  const reset = page.getByRole('button', { name: /重\s*置$/ });
  const [searchBox, resetBox] = [await search.boundingBox(), await reset.boundingBox()];
  expect(resetBox?.y).toBe(searchBox?.y);
});
