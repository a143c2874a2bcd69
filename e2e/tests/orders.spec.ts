import ExcelJS from 'exceljs';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// 订单管理 end to end: the admin imports gateway numbers from an Excel file with one bad row
// (the preview shows it and writes nothing until confirmed), then ships a paid order with two of
// the imported serials picked from the register, and the serial lookup finds that order.

type Envelope<T> = { errCode: number; errMsg: string; data: T };

async function gatewaySheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('网关');
  // Columns in another order than the template's: found by their headers.
  sheet.addRow(['批次号', '网关编号', '备注']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('admin imports gateway numbers from Excel and ships an order with them', async ({ page, request }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const stamp = String(Date.now()).slice(-7);
  const serials = [`ZKBE${stamp}1`, `ZKBE${stamp}2`];
  const token = await apiSignIn(request, 'admin');
  const post = async <T>(path: string, data: unknown) =>
    ((await (await request.post(`/api${path}`, { headers: authHeaders(token), data })).json()) as Envelope<T>).data;

  await signIn(page, 'admin');
  await page.goto('/orderManagement/zkbEquipmentNo');
  await page.getByRole('button', { name: /导\s*入/ }).click();
  const dialog = page.getByRole('dialog', { name: '导入网关编号' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: '网关编号.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await gatewaySheet([
      ['E2E', serials[0]!.toLowerCase(), '一号'],
      ['E2E', '坏 编号', ''],
      ['E2E', serials[1]!, '二号'],
    ]),
  });
  await expect(dialog.getByText('1 行有错误，不会导入；其余行可以导入')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '坏 编号' })).toBeVisible();
  const before = await post<{ total: number }>('/zkbEquipmentNo/page', {
    offset: 1,
    size: 10,
    keyword: `ZKBE${stamp}`,
  });
  expect(before.total).toBe(0);
  await dialog.getByRole('button', { name: /导入 2 条/ }).click();
  await expect(dialog.getByText('成功导入 2 条')).toBeVisible();
  await dialog.getByRole('button', { name: /完\s*成/ }).click();

  // A paid order for the first provider, set up through the API.
  const products = await post<{ list: { id: string; category: number }[] }>('/hardwareSetup/page', {
    offset: 1,
    size: 50,
    status: 1,
  });
  const gateway = products.list.find((p) => p.category === 1) ?? products.list[0]!;
  const agents = await post<{ list: { id: string }[] }>('/agent/page', { offset: 1, size: 1 });
  const order = await post<{ id: string; version: number; orderNo: string }>('/hardwareOrder/create', {
    agentId: agents.list[0]!.id,
    receiver: '端到端',
    phone: '13800000000',
    address: '浙江省杭州市西湖区文三路 100 号',
    remark: '',
    lines: [{ productId: gateway.id, quantity: 2 }],
  });
  await post('/hardwareOrder/updateStatus', { id: order.id, version: order.version, status: 1 });

  await page.goto(`/orderManagement/hardwareOrders?keyword=${order.orderNo}`);
  const row = page.getByRole('row', { name: new RegExp(order.orderNo) });
  await expect(row.getByText('已付款')).toBeVisible();
  await row.getByRole('button', { name: '发货' }).click();
  const ship = page.getByRole('dialog', { name: '订单发货' });
  await ship.getByLabel('物流公司').fill('顺丰速运');
  await ship.getByLabel('运单号').fill(`SF${stamp}`);
  const picker = ship.getByLabel('网关编号');
  for (const serial of serials) {
    await picker.fill(serial);
    // antd's role=option nodes are screen-reader copies; the visible item is the one to click.
    await page.locator('.ant-select-item-option', { hasText: serial }).click();
  }
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(ship).toBeHidden();
  await expect(row.getByText('已发货')).toBeVisible();

  const lookup = await request.get(`/api/hardwareOrder/getDeviceListByDeviceNo?deviceNo=${serials[1]}`, {
    headers: authHeaders(token),
  });
  const found = (await lookup.json()) as Envelope<{ orderNo: string }[]>;
  expect(found.data).toEqual([expect.objectContaining({ orderNo: order.orderNo })]);
});
