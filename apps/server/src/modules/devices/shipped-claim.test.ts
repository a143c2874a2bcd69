import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DeviceSimulator } from '../../adapters/devices/index.js';
import { nowIso } from '../../lib/clock.js';
import { insertGateway, insertShippedOrder } from '../stores/test-fixtures.js';
import { ShippedClaims } from './shipped-claim.js';

/** Shipped serials become the provider's devices when the device is first heard from. */
describe('shipped serials on first connection', () => {
  let t: TestApp;
  let sim: DeviceSimulator;
  let agentA: number;
  let agentB: number;

  beforeAll(async () => {
    t = await createTestApp();
    sim = new DeviceSimulator({ seed: 7, sleep: () => Promise.resolve(), timeoutRate: 0, driftRate: 0 });
    t.app.devices.setAdapter(sim);
    agentA = await createTestAgent(t.database.db);
    agentB = await createTestAgent(t.database.db);
  });
  afterAll(async () => {
    await t.app.devices.settled();
    await t.close();
  });

  const ship = (agentId: number, devices: { deviceNo: string; deviceKind: 1 | 2 }[]) =>
    insertShippedOrder(t.database.db, agentId, devices);
  const gatewayRow = (deviceName: string) =>
    t.database.db.selectFrom('gatewayDevice').selectAll().where('deviceName', '=', deviceName).executeTakeFirst();
  const claimLogs = (serial: string) =>
    t.database.db
      .selectFrom('operationLog')
      .selectAll()
      .where('method', '=', 'EVENT')
      .where('params', 'like', `%${serial}%`)
      .execute();

  it('registers an unknown shipped gateway at the provider it shipped to, once, and logs it', async () => {
    const order = await ship(agentA, [{ deviceNo: 'ZKBC700001', deviceKind: 1 }]);
    sim.setOnline({ serial: 'ZKBC700001', kind: 'gateway' }, true);
    await t.app.devices.settled();
    const row = await gatewayRow('ZKBC700001');
    expect(row).toMatchObject({ agentId: agentA, storeId: null, communicationStatus: 1 });
    expect(row?.remark).toContain(order.orderNo);
    // Heartbeats and reconnections afterwards add nothing.
    sim.setOnline({ serial: 'ZKBC700001', kind: 'gateway' }, false);
    sim.setOnline({ serial: 'ZKBC700001', kind: 'gateway' }, true);
    await t.app.devices.settled();
    const logs = await claimLogs('ZKBC700001');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ agentId: agentA, module: '网关设备', targetId: String(row!.id), result: 1 });
    expect(JSON.parse(logs[0]!.changes)).toEqual([{ field: 'agentId', before: null, after: String(agentA) }]);
  });

  it('gives a platform-stock gateway row its provider, and leaves an owned one alone', async () => {
    const stock = await insertGateway(t.database.db, null, null, { online: 0 });
    const owned = await insertGateway(t.database.db, agentB, null, { online: 0 });
    await ship(agentA, [
      { deviceNo: stock.deviceName, deviceKind: 1 },
      { deviceNo: owned.deviceName, deviceKind: 1 },
    ]);
    sim.setOnline({ serial: stock.deviceName, kind: 'gateway' }, true);
    sim.setOnline({ serial: owned.deviceName, kind: 'gateway' }, true);
    await t.app.devices.settled();
    expect((await gatewayRow(stock.deviceName))?.agentId).toBe(agentA);
    expect((await gatewayRow(owned.deviceName))?.agentId).toBe(agentB);
    expect(await claimLogs(owned.deviceName)).toHaveLength(0);
  });

  it('registers nothing for a serial that never shipped', async () => {
    sim.setOnline({ serial: 'ZKBC799999', kind: 'gateway' }, true);
    await t.app.devices.settled();
    expect(await gatewayRow('ZKBC799999')).toBeUndefined();
    expect(await claimLogs('ZKBC799999')).toHaveLength(0);
  });

  it('registers a shipped terminal at its provider without a store, once, and logs it', async () => {
    const now = nowIso();
    await t.database.db
      .insertInto('macAddress')
      .values({
        mac: '02:AA:BB:CC:70:01',
        batchNo: 'T',
        status: 2,
        deviceName: null,
        assignedAt: null,
        orderId: null,
        remark: '',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const order = await ship(agentB, [{ deviceNo: '02:AA:BB:CC:70:01', deviceKind: 2 }]);
    // The terminal reports its MAC in its own notation.
    sim.setOnline({ serial: '02aabbcc7001', kind: 'android' }, true);
    await t.app.devices.settled();
    const terminal = await t.database.db
      .selectFrom('androidDevice')
      .selectAll()
      .where('deviceNo', '=', '02:AA:BB:CC:70:01')
      .executeTakeFirst();
    expect(terminal).toMatchObject({ agentId: agentB, storeId: null, online: 1, voiceCodeId: null });
    expect(terminal?.remark).toContain(order.orderNo);
    const mac = await t.database.db
      .selectFrom('macAddress')
      .selectAll()
      .where('mac', '=', '02:AA:BB:CC:70:01')
      .executeTakeFirstOrThrow();
    expect(mac.assignedAt).not.toBeNull();
    // Reconnections afterwards add nothing.
    sim.setOnline({ serial: '02aabbcc7001', kind: 'android' }, false);
    sim.setOnline({ serial: '02aabbcc7001', kind: 'android' }, true);
    await t.app.devices.settled();
    const rows = await t.database.db
      .selectFrom('androidDevice')
      .select('id')
      .where('deviceNo', '=', '02:AA:BB:CC:70:01')
      .execute();
    expect(rows).toHaveLength(1);
    const logs = await claimLogs('02:AA:BB:CC:70:01');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      agentId: agentB,
      module: '安卓设备',
      operatorName: '设备接入',
      targetId: String(terminal!.id),
      result: 1,
    });
  });

  it('registers no terminal for a MAC that never shipped', async () => {
    sim.setOnline({ serial: '02:AA:BB:CC:79:99', kind: 'android' }, true);
    await t.app.devices.settled();
    const row = await t.database.db
      .selectFrom('androidDevice')
      .select('id')
      .where('deviceNo', '=', '02:AA:BB:CC:79:99')
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(await claimLogs('02:AA:BB:CC:79:99')).toHaveLength(0);
  });

  it('settles an owned device in one read, opening a transaction only for a serial it may claim', async () => {
    const owned = await insertGateway(t.database.db, agentA, null, { online: 1 });
    await ship(agentB, [{ deviceNo: 'ZKBC700009', deviceKind: 1 }]);
    const claimed: unknown[] = [];
    const claims = new ShippedClaims(
      () => t.database.db,
      (c) => claimed.push(c),
    );
    const transaction = vi.spyOn(t.database.db, 'transaction');
    try {
      const heard = (serial: string) => ({
        kind: 'presence' as const,
        device: 'gateway' as const,
        serial,
        online: null,
        at: nowIso(),
      });
      expect(await claims.claim(heard(owned.deviceName))).toBeNull();
      expect(transaction).not.toHaveBeenCalled();
      // Serials first heard together are settled by one read.
      const more = [await insertGateway(t.database.db, agentA, null), await insertGateway(t.database.db, agentB, null)];
      const reads = vi.spyOn(t.database.db, 'selectFrom');
      const answers = await Promise.all(more.map((g) => claims.claim(heard(g.deviceName))));
      expect(answers).toEqual([null, null]);
      expect(reads).toHaveBeenCalledTimes(1);
      reads.mockRestore();
      expect(await claims.claim(heard('ZKBC700009'))).toMatchObject({ kind: 'gateway', agentId: agentB });
      expect(transaction).toHaveBeenCalledTimes(1);
      expect(claimed).toHaveLength(1);
    } finally {
      transaction.mockRestore();
    }
  });
});
