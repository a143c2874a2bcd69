import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DeviceSimulator } from '../../adapters/devices/index.js';
import type { AppEvents } from '../../plugins/events.js';
import { RESTART_DEADLINE_MS, RESTART_OVERDUE_MESSAGE } from './restart-deadline.js';
import { callApi, insertGateway, insertStore } from '../stores/test-fixtures.js';

type Gateway = { id: string; deviceName: string; storeName: string | null; banned: boolean; ip: string };

describe('gateway devices through the device gateway', () => {
  let t: TestApp;
  let sim: DeviceSimulator;
  let platform: TestOperator;
  let opA: TestOperator;
  let opB: TestOperator;
  let gwA: { id: number; deviceName: string };
  let gwB: { id: number; deviceName: string };
  const events: AppEvents['resourceChanged'][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    sim = new DeviceSimulator({
      seed: 3,
      sleep: () => new Promise((r) => setTimeout(r, 0)),
      timeoutRate: 0,
      driftRate: 0,
    });
    t.app.devices.setAdapter(sim);
    t.app.events.on('resourceChanged', (e) => events.push(e));
    const db = t.database.db;
    const agentA = await createTestAgent(db);
    const agentB = await createTestAgent(db);
    const storeA = (await insertStore(db, agentA, { name: '悦泉西湖店' })).storeId;
    const storeB = (await insertStore(db, agentB)).storeId;
    gwA = await insertGateway(db, agentA, storeA);
    gwB = await insertGateway(db, agentB, storeB);
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        'gatewayDevice.page',
        'gatewayDevice.query',
        'gatewayDevice.restart',
        'gatewayDevice.unbind',
        'deviceBan.page',
        'deviceBan.create',
        'deviceBan.delete',
      ],
    });
    const agentPerms = ['agentGateway.page', 'agentGateway.unbind', 'gatewayDevice.query', 'gatewayDevice.restart'];
    opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: agentPerms });
    opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: agentPerms });
  });
  afterAll(async () => {
    await t.app.devices.settled();
    await t.close();
  });

  it('lists every gateway for the platform and only their own for a provider', async () => {
    const all = await callApi<{ total: number; list: Gateway[] }>(t, platform, 'POST', '/device/deviceList', {});
    expect(all.data.total).toBe(2);
    const mine = await callApi<{ list: Gateway[] }>(t, opA, 'POST', '/ZKBManager/deviceList', {});
    expect(mine.data.list.map((g) => g.deviceName)).toEqual([gwA.deviceName]);
    expect(mine.data.list[0]).toMatchObject({ storeName: '悦泉西湖店', banned: false });
  });

  it('asks the device for its IP, status, code and info, and keeps what it says', async () => {
    sim.setOnline({ serial: gwA.deviceName, kind: 'gateway', ip: '10.1.1.8', firmwareVersion: 'V2.2.0' }, true);
    const ip = await callApi<{ ip: string }>(t, opA, 'POST', `/zkb/queryIp?deviceName=${gwA.deviceName}`);
    expect(ip.data.ip).toBe('10.1.1.8');
    const status = await callApi(t, opA, 'POST', `/zkb/queryCommunicationSatatus?deviceName=${gwA.deviceName}`);
    expect(status.data).toMatchObject({ communicationStatus: 1, restarting: false });
    const code = await callApi<{ deviceCode: string }>(
      t,
      opA,
      'POST',
      `/device/getDeviceCode?deviceName=${gwA.deviceName}`,
    );
    expect(code.data.deviceCode).toMatch(/^ZK[0-9A-F]{6}$/);
    const info = await callApi<Gateway & { deviceCode: string }>(
      t,
      opA,
      'POST',
      `/device/reportZkbInfo?deviceName=${gwA.deviceName}`,
    );
    expect(info.data).toMatchObject({ ip: '10.1.1.8', deviceCode: code.data.deviceCode, banned: false });
    const row = await t.database.db
      .selectFrom('gatewayDevice')
      .selectAll()
      .where('id', '=', gwA.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ip: '10.1.1.8', deviceCode: code.data.deviceCode });
    const stored = await callApi(t, opA, 'GET', `/device/getDeviceStatus/${gwA.deviceName}`);
    expect(stored.data).toMatchObject({ deviceName: gwA.deviceName, communicationStatus: 1 });
    expect((await callApi(t, opA, 'GET', '/device/getAllVersion')).data).toEqual(['V2.2.0']);
  });

  it('reports an offline device as a declared error and a timeout as 504001 (HTTP 504, not 500)', async () => {
    sim.setOnline({ serial: gwB.deviceName, kind: 'gateway' }, false);
    const offline = await callApi(t, opB, 'POST', `/zkb/queryIp?deviceName=${gwB.deviceName}`);
    expect(offline.errCode).toBe(409003);
    expect(offline.errMsg).toContain('离线');
    const slow = new DeviceSimulator({ seed: 1, sleep: () => Promise.resolve(), timeoutRate: 1 });
    t.app.devices.setAdapter(slow);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/zkb/queryIp?deviceName=${gwA.deviceName}`,
        headers: opA.headers,
      });
      expect(res.statusCode).toBe(504);
      const timedOut = res.json<{ errCode: number; errMsg: string }>();
      expect(timedOut.errCode).toBe(504001);
      expect(timedOut.errMsg).toContain('超时');
    } finally {
      t.app.devices.setAdapter(sim);
    }
  });

  it('restarts asynchronously: restarting now, back online when the device reports', async () => {
    events.length = 0;
    // A restart that really takes a while, so the second request finds it under way on any database.
    const slowRestart = new DeviceSimulator({
      seed: 3,
      timeoutRate: 0,
      driftRate: 0,
      minDelayMs: 0,
      maxDelayMs: 0,
      restartMs: 1_000,
    });
    t.app.devices.setAdapter(slowRestart);
    slowRestart.setOnline({ serial: gwA.deviceName, kind: 'gateway' }, true);
    const res = await callApi(t, opA, 'POST', `/zkb/restartZkb?deviceName=${gwA.deviceName}`);
    expect(res.errCode, res.errMsg).toBe(0);
    const during = await callApi(t, opA, 'GET', `/device/getDeviceStatus/${gwA.deviceName}`);
    expect(during.data).toMatchObject({ restarting: true });
    expect((await callApi(t, opA, 'POST', `/zkb/restartZkb?deviceName=${gwA.deviceName}`)).errCode).toBe(409003);
    await t.app.devices.settled();
    t.app.devices.setAdapter(sim);
    const after = await callApi(t, opA, 'GET', `/device/getDeviceStatus/${gwA.deviceName}`);
    expect(after.data).toMatchObject({
      restarting: false,
      communicationStatus: 1,
      restartOk: true,
      restartMessage: '重启完成',
    });
    expect(
      events.filter((e) => e.resource === 'gatewayDevice' && e.ids.includes(String(gwA.id))).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('records a restart the gateway never took as failed, with the reason the operator is shown', async () => {
    const slow = new DeviceSimulator({ seed: 1, sleep: () => Promise.resolve(), timeoutRate: 1 });
    t.app.devices.setAdapter(slow);
    try {
      expect((await callApi(t, opA, 'POST', `/zkb/restartZkb?deviceName=${gwA.deviceName}`)).errCode).toBe(0);
      await t.app.devices.settled();
      const after = await callApi(t, opA, 'GET', `/device/getDeviceStatus/${gwA.deviceName}`);
      expect(after.data).toMatchObject({ restarting: false, restartOk: false });
      expect((after.data as { restartMessage: string }).restartMessage).toContain('响应超时');
    } finally {
      t.app.devices.setAdapter(sim);
    }
  });

  it('closes a restart the gateway never reported done as failed after the deadline, so it can be restarted again', async () => {
    // The device took the command, then lost power: no report ever comes.
    const mute = new DeviceSimulator({
      seed: 4,
      timeoutRate: 0,
      driftRate: 0,
      minDelayMs: 0,
      maxDelayMs: 0,
      restartMs: 3_600_000,
    });
    t.app.devices.setAdapter(mute);
    mute.setOnline({ serial: gwA.deviceName, kind: 'gateway' }, true);
    try {
      expect((await callApi(t, opA, 'POST', `/zkb/restartZkb?deviceName=${gwA.deviceName}`)).errCode).toBe(0);
      const requested = Date.now();
      await t.app.devices.closeOverdueRestarts(new Date(requested + RESTART_DEADLINE_MS - 10_000));
      expect((await callApi(t, opA, 'GET', `/device/getDeviceStatus/${gwA.deviceName}`)).data).toMatchObject({
        restarting: true,
      });
      events.length = 0;
      await t.app.devices.closeOverdueRestarts(new Date(requested + RESTART_DEADLINE_MS + 10_000));
      const after = await callApi(t, opA, 'GET', `/device/getDeviceStatus/${gwA.deviceName}`);
      expect(after.data).toMatchObject({
        restarting: false,
        restartOk: false,
        restartMessage: RESTART_OVERDUE_MESSAGE,
      });
      expect(events.some((e) => e.resource === 'gatewayDevice' && e.ids.includes(String(gwA.id)))).toBe(true);
    } finally {
      t.app.devices.setAdapter(sim);
    }
  });

  it('refuses to restart a banned gateway; the ban list adds and removes serials', async () => {
    const add = await callApi<{ id: string }>(t, platform, 'POST', '/device/addBanDevice', {
      deviceName: gwA.deviceName,
      reason: '设备被盗',
    });
    expect(add.errCode, add.errMsg).toBe(0);
    expect(
      (await callApi(t, platform, 'POST', '/device/addBanDevice', { deviceName: gwA.deviceName, reason: '重复' }))
        .errCode,
    ).toBe(400100);
    const list = await callApi<{ deviceName: string }[]>(t, platform, 'GET', '/device/getBanList');
    expect(list.data.map((b) => b.deviceName)).toEqual([gwA.deviceName]);
    const refused = await callApi(t, opA, 'POST', `/zkb/restartZkb?deviceName=${gwA.deviceName}`);
    expect(refused.errCode).toBe(409003);
    expect((await callApi(t, platform, 'GET', `/device/delBanDevice?id=${add.data.id}`)).errCode).toBe(0);
    expect((await callApi<unknown[]>(t, platform, 'GET', '/device/getBanList')).data).toHaveLength(0);
  });

  it("treats another provider's gateway as missing for every call", async () => {
    for (const url of [
      `/zkb/queryIp?deviceName=${gwA.deviceName}`,
      `/zkb/queryCommunicationSatatus?deviceName=${gwA.deviceName}`,
      `/device/reportZkbInfo?deviceName=${gwA.deviceName}`,
      `/device/getDeviceCode?deviceName=${gwA.deviceName}`,
      `/zkb/restartZkb?deviceName=${gwA.deviceName}`,
      `/ZKBManager/zkbUnbind?id=${gwA.id}`,
    ]) {
      expect((await callApi(t, opB, 'POST', url)).errCode, url).toBe(404001);
    }
    expect((await callApi(t, opB, 'GET', `/device/getDeviceStatus/${gwA.deviceName}`)).errCode).toBe(404001);
    expect((await callApi(t, opB, 'POST', `/device/zkbUnbind?id=${gwA.id}`)).errCode).toBe(403001);
  });

  it('unbinds a gateway from its store once', async () => {
    expect((await callApi(t, opA, 'POST', `/ZKBManager/zkbUnbind?id=${gwA.id}`)).errCode).toBe(0);
    const row = await t.database.db
      .selectFrom('gatewayDevice')
      .select(['storeId', 'boundAt'])
      .where('id', '=', gwA.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ storeId: null, boundAt: null });
    expect((await callApi(t, platform, 'POST', `/device/zkbUnbind?id=${gwA.id}`)).errCode).toBe(409003);
    expect((await callApi(t, platform, 'POST', `/device/zkbUnbind?id=${gwB.id}`)).errCode).toBe(0);
  });
});
