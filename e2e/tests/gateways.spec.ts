import { appendFileSync } from 'node:fs';
import type { GatewayDevice } from '@console/contract';
import { apiSignIn, authHeaders, expect, signIn, test } from '../fixtures.js';

// 网关设备 end to end against the in-process device simulator: restart a gateway and see the
// device's answer arrive; unplug another (through the simulator's control file) and watch its
// row go 离线 and back 在线 without the list being fetched again.

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

/** Tells the server's simulator to take a device off line or back (global-setup's control file). */
function plug(serial: string, online: boolean): void {
  const file = process.env.E2E_DEVICE_CONTROL;
  if (!file) throw new Error('E2E_DEVICE_CONTROL is not set: global-setup.ts starts the server');
  appendFileSync(file, `${online ? 'online' : 'offline'} gateway ${serial}\n`);
}

test('restart a gateway and see its answer; a gateway going off line changes its row in place', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await apiSignIn(request, 'admin');
  const res = await request.post('/api/device/deviceList', {
    headers: authHeaders(token),
    data: { offset: 1, size: 50, communicationStatus: 1 },
  });
  const online = ((await res.json()) as Envelope<{ list: GatewayDevice[] }>).data.list.filter(
    (g) => !g.banned && g.restarting === 0,
  );
  expect(online.length).toBeGreaterThanOrEqual(2);
  const [restarted, unplugged] = online as [GatewayDevice, GatewayDevice];

  await signIn(page, 'admin');
  await page.goto(`/userMgt/factorySetting?keyword=${restarted.deviceName}`);
  const row = page.locator('tr', { hasText: restarted.deviceName });
  await expect(row.getByText('在线')).toBeVisible();
  await row.getByRole('button', { name: '重启' }).click();
  await page.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(page.getByText(`重启指令已下发，等待网关 ${restarted.deviceName} 回应…`)).toBeVisible();
  // The device answers seconds later (or fails to): either outcome is told, with the device's words.
  await expect(page.getByText(new RegExp(`网关 ${restarted.deviceName} 重启(完成|失败)`))).toBeVisible({
    timeout: 30_000,
  });

  await page.goto(`/userMgt/factorySetting?keyword=${unplugged.deviceName}`);
  const live = page.locator('tr', { hasText: unplugged.deviceName });
  await expect(live.getByText('在线')).toBeVisible();
  let refetches = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/device/deviceList')) refetches += 1;
  });
  plug(unplugged.deviceName, false);
  await expect(live.getByText('离线')).toBeVisible({ timeout: 10_000 });
  plug(unplugged.deviceName, true);
  await expect(live.getByText('在线')).toBeVisible({ timeout: 10_000 });
  // Patched from the socket's devicePresence events: the list was not asked for again.
  expect(refetches).toBe(0);
});
