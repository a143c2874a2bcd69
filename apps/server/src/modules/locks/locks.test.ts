import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSimulator } from '../../adapters/devices/index.js';
import { createDeviceTestApp } from '../../../test/device-test-app.js';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import type { TestApp } from '../../../test/test-app.js';
import { callApi, insertGateway, insertStore } from '../stores/test-fixtures.js';

type Lock = { id: string; version: number; pushStatus: number; sectorKeyMasked: string; gatewaySerial: string | null };
type Command = { id: string; status: number; message: string; command: number; target: string };

const KEY = 'A1B2C3D4E5F6';
const perms = [
  'lockIntegration.page',
  'lockIntegration.get',
  'lockIntegration.create',
  'lockIntegration.update',
  'lockIntegration.delete',
  'lockIntegration.command',
  'lockCommand.page',
];

describe('IC 手环控制: lock integrations per store, commands through the gateway, the command log', () => {
  let t: TestApp;
  let sim: DeviceSimulator;
  let opA: TestOperator;
  let opB: TestOperator;
  let platform: TestOperator;
  let storeA: number;
  let storeB: number;
  let bare: number;
  let gatewayA: string;
  let lockId: string;

  beforeAll(async () => {
    ({ t, sim } = await createDeviceTestApp());
    const db = t.database.db;
    const agentA = await createTestAgent(db);
    const agentB = await createTestAgent(db);
    storeA = (await insertStore(db, agentA, { name: '悦泉西湖店' })).storeId;
    bare = (await insertStore(db, agentA, { name: '无网关门店' })).storeId;
    storeB = (await insertStore(db, agentB)).storeId;
    gatewayA = (await insertGateway(db, agentA, storeA)).deviceName;
    await insertGateway(db, agentB, storeB);
    platform = await createTestOperator(t, { adminType: 0, permissions: perms });
    opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: perms });
    opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: perms });
  });
  afterAll(async () => {
    await t.close();
  });

  const lockBody = (storeId: number, over: object = {}) => ({
    storeId: String(storeId),
    vendor: 1,
    protocol: 1,
    cardType: 1,
    cardSector: 2,
    sectorKey: KEY,
    lockerCount: 120,
    lockerStart: 101,
    status: 1,
    remark: '',
    ...over,
  });
  const get = async (op: TestOperator = opA) =>
    (await callApi<Lock>(t, op, 'GET', `/lockIntegration/get?id=${lockId}`)).data;
  const commands = async (op: TestOperator, body: object = {}) =>
    (
      await callApi<{ total: number; list: Command[] }>(t, op, 'POST', '/lockCommand/page', {
        offset: 1,
        size: 50,
        ...body,
      })
    ).data;

  it('checks the card settings and allows one integration per own store', async () => {
    const noKey = await callApi(t, opA, 'POST', '/lockIntegration/create', lockBody(storeA, { sectorKey: '' }));
    expect(noKey.fieldErrors?.sectorKey).toBe('M1 卡须填写扇区密钥');
    const badSector = await callApi(t, opA, 'POST', '/lockIntegration/create', lockBody(storeA, { cardSector: 16 }));
    expect(badSector.fieldErrors?.cardSector).toBe('该卡类型的扇区号为 1–15');
    const badKey = await callApi(t, opA, 'POST', '/lockIntegration/create', lockBody(storeA, { sectorKey: 'XYZ' }));
    expect(badKey.fieldErrors?.sectorKey).toBeTruthy();
    const foreign = await callApi(t, opA, 'POST', '/lockIntegration/create', lockBody(storeB));
    expect(foreign.fieldErrors?.storeId).toBeTruthy();

    const created = await callApi<Lock>(t, opA, 'POST', '/lockIntegration/create', lockBody(storeA));
    expect(created.errCode, created.errMsg).toBe(0);
    lockId = created.data.id;
    expect(created.data).toMatchObject({ pushStatus: 0, gatewaySerial: gatewayA });
    const twice = await callApi(t, opA, 'POST', '/lockIntegration/create', lockBody(storeA));
    expect(twice.fieldErrors?.storeId).toContain('已配置');
    // An ID card has neither sector nor key.
    const idCard = await callApi<{ cardSector: number; sectorKeyMasked: string }>(
      t,
      opA,
      'POST',
      '/lockIntegration/create',
      lockBody(bare, { cardType: 4, cardSector: 9, sectorKey: '' }),
    );
    expect(idCard.data).toMatchObject({ cardSector: 0, sectorKeyMasked: '' });
  });

  it('never answers or logs the sector key: masked but for its last 2 characters', async () => {
    const one = await get();
    expect(one.sectorKeyMasked).toBe('**********F6');
    const lists = await Promise.all([
      callApi(t, opA, 'POST', '/lockIntegration/page', {}),
      callApi(t, platform, 'POST', '/lockIntegration/page', {}),
      callApi(t, opA, 'GET', `/lockIntegration/get?id=${lockId}`),
    ]);
    for (const res of lists) expect(JSON.stringify(res.data)).not.toContain(KEY);
    // A new key replaces the old; a blank one keeps it.
    const kept = await callApi<Lock>(t, opA, 'POST', '/lockIntegration/update', {
      id: lockId,
      version: one.version,
      remark: '前台左侧柜',
      sectorKey: '',
    });
    expect(kept.data.sectorKeyMasked).toBe('**********F6');
    const changed = await callApi<Lock>(t, opA, 'POST', '/lockIntegration/update', {
      id: lockId,
      version: kept.data.version,
      sectorKey: 'ffffffffff07',
    });
    expect(changed.data.sectorKeyMasked).toBe('**********07');
    const logs = await t.database.db.selectFrom('operationLog').select(['params', 'changes']).execute();
    for (const log of logs) {
      expect(`${log.params}${log.changes}`.toUpperCase()).not.toContain(KEY);
      expect(`${log.params}${log.changes}`.toUpperCase()).not.toContain('FFFFFFFFFF07');
    }
  });

  it('pushes the configuration, then opens lockers and clears wristbands, each result in the log', async () => {
    const early = await callApi(t, opA, 'POST', '/lockIntegration/openLocker', { id: lockId, lockerNo: 101 });
    expect(early.errMsg).toContain('请先下发配置');

    const push = await callApi<Command>(t, opA, 'POST', '/lockIntegration/pushConfig', { id: lockId });
    expect(push.errCode, push.errMsg).toBe(0);
    expect(push.data.status).toBe(0);
    await t.app.devices.settled();
    expect((await get()).pushStatus).toBe(2);

    const outside = await callApi(t, opA, 'POST', '/lockIntegration/openLocker', { id: lockId, lockerNo: 221 });
    expect(outside.fieldErrors?.lockerNo).toBe('柜号须在 101–220 之间');
    const open = await callApi(t, opA, 'POST', '/lockIntegration/openLocker', { id: lockId, lockerNo: 108 });
    expect(open.errCode, open.errMsg).toBe(0);
    const badCard = await callApi(t, opA, 'POST', '/lockIntegration/clearWristband', { id: lockId, cardNo: '12-34' });
    expect(badCard.fieldErrors?.cardNo).toBeTruthy();
    const clear = await callApi(t, opA, 'POST', '/lockIntegration/clearWristband', { id: lockId, cardNo: '04a1b2c3' });
    expect(clear.errCode, clear.errMsg).toBe(0);
    await t.app.devices.settled();

    const log = await commands(opA);
    expect(log.list.map((c) => [c.command, c.status, c.target])).toEqual([
      [3, 1, '04A1B2C3'],
      [2, 1, '108 号柜'],
      [1, 1, '120 个柜门'],
    ]);
    expect(log.list[1]?.message).toBe('108 号柜门已打开');
  });

  it('marks the configuration as not pushed after an edit, and records an offline gateway as a failure', async () => {
    const before = await get();
    const edited = await callApi<Lock>(t, opA, 'POST', '/lockIntegration/update', {
      id: lockId,
      version: before.version,
      lockerCount: 150,
    });
    expect(edited.data.pushStatus).toBe(0);

    sim.setOnline({ serial: gatewayA, kind: 'gateway' }, false);
    await callApi(t, opA, 'POST', '/lockIntegration/pushConfig', { id: lockId });
    await t.app.devices.settled();
    expect((await get()).pushStatus).toBe(3);
    const [last] = (await commands(opA, { status: 2 })).list;
    expect(last?.message).toContain('离线');
    sim.setOnline({ serial: gatewayA, kind: 'gateway' }, true);
  });

  it('refuses commands for a store without a gateway', async () => {
    const page = await callApi<{ list: (Lock & { storeId: string })[] }>(t, opA, 'POST', '/lockIntegration/page', {
      storeId: String(bare),
    });
    const res = await callApi(t, opA, 'POST', '/lockIntegration/pushConfig', { id: page.data.list[0]?.id });
    expect(res.errCode).toBe(409003);
    expect(res.errMsg).toContain('未绑定网关');
  });

  it("answers another provider's integration like a missing one, and keeps the logs apart", async () => {
    const missing = await callApi(t, opB, 'POST', '/lockIntegration/openLocker', { id: '99999999', lockerNo: 101 });
    for (const res of [
      await callApi(t, opB, 'GET', `/lockIntegration/get?id=${lockId}`),
      await callApi(t, opB, 'POST', '/lockIntegration/openLocker', { id: lockId, lockerNo: 101 }),
      await callApi(t, opB, 'POST', '/lockIntegration/pushConfig', { id: lockId }),
      await callApi(t, opB, 'POST', '/lockIntegration/clearWristband', { id: lockId, cardNo: '04A1B2C3' }),
    ]) {
      expect(res.errCode).toBe(404001);
      expect(res.errMsg).toBe(missing.errMsg);
    }
    expect((await commands(opB)).total).toBe(0);
    expect((await commands(platform)).total).toBe((await commands(opA)).total);
  });
});
