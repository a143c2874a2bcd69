import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi } from '../stores/test-fixtures.js';
import { shippedOwner } from './order-status.js';

type Order = {
  id: string;
  version: number;
  status: number;
  amount: number;
  agentId: string;
  items: { quantity: number; amount: number }[];
  devices: { deviceNo: string }[];
};

describe('hardware orders and their registers', () => {
  let t: TestApp;
  let admin: TestOperator;
  let provider: TestOperator;
  let agentA: number;
  let agentB: number;
  let gateway: string;
  let terminal: string;

  beforeAll(async () => {
    t = await createTestApp();
    agentA = await createTestAgent(t.database.db);
    agentB = await createTestAgent(t.database.db);
    admin = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        'hardwareOrder.page',
        'hardwareOrder.get',
        'hardwareOrder.create',
        'hardwareOrder.update',
        'hardwareOrder.status',
        'hardwareOrder.changeAgent',
        'hardwareProduct.create',
        'hardwareProduct.page',
        'zkbEquipmentNo.create',
        'macAddress.create',
      ],
    });
    provider = await createTestOperator(t, {
      adminType: 1,
      agentId: agentA,
      permissions: ['hardwareOrder.page', 'hardwareOrder.get'],
    });
    const product = async (name: string, model: string, unitPrice: number) =>
      (
        await callApi<{ id: string }>(t, admin, 'POST', '/hardwareSetup/create', {
          name,
          model,
          category: 1,
          unitPrice,
          unit: '台',
          status: 1,
          sort: 0,
          remark: '',
        })
      ).data.id;
    gateway = await product('ZKB 中控网关', 'ZKB-G3', 128_000);
    terminal = await product('安卓房间终端', 'AT-800', 69_900);
    for (const equipmentNo of ['ZKBS100001', 'ZKBS100002']) {
      await callApi(t, admin, 'POST', '/zkbEquipmentNo/create', { equipmentNo, batchNo: 'T1', remark: '' });
    }
    await callApi(t, admin, 'POST', '/macAddress/create', { mac: '02-aa-bb-cc-dd-01', batchNo: 'T1', remark: '' });
  });
  afterAll(async () => {
    await t.close();
  });

  const place = () =>
    callApi<Order>(t, admin, 'POST', '/hardwareOrder/create', {
      agentId: String(agentA),
      receiver: '周明',
      phone: '13612345678',
      address: '浙江省杭州市西湖区文三路 100 号',
      remark: '',
      lines: [
        { productId: gateway, quantity: 2 },
        { productId: terminal, quantity: 3 },
      ],
    });

  it('prices an order from the product list, not from the request', async () => {
    const order = await place();
    expect(order.errCode, order.errMsg).toBe(0);
    expect(order.data).toMatchObject({ status: 0, amount: 2 * 128_000 + 3 * 69_900, agentId: String(agentA) });
    expect(order.data.items.map((i) => i.amount)).toEqual([256_000, 209_700]);
  });

  it('moves through paid and shipped with serials; illegal moves are refused', async () => {
    const order = (await place()).data;
    const skip = await callApi(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: order.id,
      version: order.version,
      status: 3,
    });
    expect(skip.errCode).toBe(409003);
    const paid = await callApi<Order>(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: order.id,
      version: order.version,
      status: 1,
    });
    expect(paid.data.status).toBe(1);
    const noTracking = await callApi(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: order.id,
      version: paid.data.version,
      status: 2,
    });
    expect(noTracking.fieldErrors?.trackingNo).toBeTruthy();
    const noSerials = await callApi(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: order.id,
      version: paid.data.version,
      status: 2,
      logisticsCompany: '顺丰速运',
      trackingNo: 'SF1400000001',
    });
    expect(noSerials.fieldErrors?.devices).toBeTruthy();
    const notInRegister = await callApi(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: order.id,
      version: paid.data.version,
      status: 2,
      logisticsCompany: '顺丰速运',
      trackingNo: 'SF1400000001',
      devices: [{ deviceNo: 'ZKBS999999', deviceKind: 1 }],
    });
    expect(notInRegister.fieldErrors?.devices).toContain('不在库存中');
    const shipped = await callApi<Order>(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: order.id,
      version: paid.data.version,
      status: 2,
      logisticsCompany: '顺丰速运',
      trackingNo: 'SF1400000001',
      devices: [
        { deviceNo: 'zkbs100001', deviceKind: 1 },
        { deviceNo: '02AABBCCDD01', deviceKind: 2 },
      ],
    });
    expect(shipped.errCode, shipped.errMsg).toBe(0);
    expect(shipped.data.devices.map((d) => d.deviceNo)).toEqual(['ZKBS100001', '02:AA:BB:CC:DD:01']);
    const registers = await t.database.db
      .selectFrom('macAddress')
      .select(['status', 'orderId'])
      .where('mac', '=', '02:AA:BB:CC:DD:01')
      .executeTakeFirstOrThrow();
    expect(registers).toEqual({ status: 2, orderId: Number(order.id) });
    const gatewayRow = await t.database.db
      .selectFrom('zkbEquipmentNo')
      .select(['status'])
      .where('equipmentNo', '=', 'ZKBS100001')
      .executeTakeFirstOrThrow();
    expect(gatewayRow.status).toBe(1);
    const stale = await callApi(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: order.id,
      version: paid.data.version,
      status: 3,
    });
    expect(stale.errCode).toBe(409001);

    const found = await callApi<{ orderId: string; agentId: string }[]>(
      t,
      provider,
      'GET',
      '/hardwareOrder/getDeviceListByDeviceNo?deviceNo=ZKBS1',
    );
    expect(found.errCode).toBe(403001);
    const lookup = await callApi<{ orderId: string; deviceNo: string }[]>(
      t,
      admin,
      'GET',
      '/hardwareOrder/getDeviceListByDeviceNo?deviceNo=S10000',
    );
    expect(lookup.data).toEqual([expect.objectContaining({ orderId: order.id, deviceNo: 'ZKBS100001' })]);
    // The provider a shipped serial belongs to when the device first connects.
    expect(await shippedOwner({ db: t.database.db }, '02aabbccdd01')).toBe(agentA);
    expect(await shippedOwner({ db: t.database.db }, 'ZKBS999999')).toBeNull();
    const byMac = await callApi<{ orderId: string; deviceNo: string }[]>(
      t,
      admin,
      'GET',
      '/hardwareOrder/getDeviceListByDeviceNo?deviceNo=02-aa-bb-cc-dd-01',
    );
    expect(byMac.data).toEqual([expect.objectContaining({ orderId: order.id, deviceNo: '02:AA:BB:CC:DD:01' })]);

    // A serial ships once.
    const other = (await place()).data;
    const paid2 = await callApi<Order>(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: other.id,
      version: other.version,
      status: 1,
    });
    const again = await callApi(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: other.id,
      version: paid2.data.version,
      status: 2,
      logisticsCompany: '顺丰速运',
      trackingNo: 'SF1400000002',
      devices: [{ deviceNo: 'ZKBS100001', deviceKind: 1 }],
    });
    expect(again.fieldErrors?.devices).toContain('已随其他订单发出');
  });

  it('cancels only before shipping, and only with a reason', async () => {
    const order = (await place()).data;
    const noReason = await callApi(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: order.id,
      version: order.version,
      status: 4,
    });
    expect(noReason.fieldErrors?.reason).toBe('请填写取消原因');
    const cancelled = await callApi<Order & { cancelReason: string }>(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: order.id,
      version: order.version,
      status: 4,
      reason: '客户改单',
    });
    expect(cancelled.data).toMatchObject({ status: 4, cancelReason: '客户改单' });
    const revive = await callApi(t, admin, 'POST', '/hardwareOrder/updateStatus', {
      id: order.id,
      version: cancelled.data.version,
      status: 1,
    });
    expect(revive.errCode).toBe(409003);
  });

  it('moves an order and its shipped serials to another provider', async () => {
    const order = (await place()).data;
    const moved = await callApi<Order>(t, admin, 'POST', '/hardwareOrder/updateOrderAgent', {
      id: order.id,
      version: order.version,
      agentId: String(agentB),
      reason: '服务商合并',
    });
    expect(moved.data.agentId).toBe(String(agentB));
    const log = await t.database.db
      .selectFrom('operationLog')
      .selectAll()
      .where('targetId', '=', order.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(log)).toContain('服务商合并');
    const same = await callApi(t, admin, 'POST', '/hardwareOrder/updateOrderAgent', {
      id: order.id,
      version: moved.data.version,
      agentId: String(agentB),
      reason: '再次变更',
    });
    expect(same.fieldErrors?.agentId).toBe('订单已属于该服务商');
    const missing = await callApi(t, admin, 'POST', '/hardwareOrder/updateOrderAgent', {
      id: order.id,
      version: moved.data.version,
      agentId: '99999999',
      reason: '不存在的服务商',
    });
    expect(missing.fieldErrors?.agentId).toBe('服务商不存在');
  });

  it('keeps the order screens for the platform', async () => {
    expect((await callApi(t, provider, 'POST', '/hardwareOrder/page', {})).errCode).toBe(403001);
    const order = (await place()).data;
    expect((await callApi(t, provider, 'GET', `/hardwareOrder/get?id=${order.id}`)).errCode).toBe(403001);
  });
});
