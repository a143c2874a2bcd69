import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { nowIso } from '../../lib/clock.js';
import { callApi, insertStore } from '../stores/test-fixtures.js';
import { chinaDates } from './statistics.js';
import { exportFile } from '../../../test/export-task.js';

const day = (offset: number) => {
  const d = new Date(`${chinaDates().today}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

describe('home users and staff applet users', () => {
  let t: TestApp;
  let admin: TestOperator;
  let provider: TestOperator;
  let storeA: number;
  let agentA: number;
  let enterpriseA: number;
  const staffIds: number[] = [];
  let ownerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    agentA = await createTestAgent(db);
    const agentB = await createTestAgent(db);
    ({ storeId: storeA, enterpriseId: enterpriseA } = await insertStore(db, agentA, { name: '悦泉西湖店' }));
    const storeB = (await insertStore(db, agentB, { name: '乙方门店' })).storeId;
    admin = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        'homeUser.page',
        'homeUser.get',
        'homeUser.update',
        'homeUser.delete',
        'staffApplet.page',
        'staffApplet.update',
        'staffApplet.export',
      ],
    });
    provider = await createTestOperator(t, {
      adminType: 1,
      agentId: agentB,
      permissions: ['homeUser.page', 'homeUser.update', 'staffApplet.page', 'staffApplet.update'],
    });
    const now = nowIso();
    const stamps = { createdAt: now, updatedAt: now };
    const owners = [
      { name: '王建国', phone: '13812340001', appVersion: '3.2.0', expireDate: day(100), status: 1 },
      { name: '李秀英', phone: '13812340002', appVersion: '3.1.5', expireDate: day(10), status: 1 },
      { name: '张伟', phone: '13812340003', appVersion: '3.2.0', expireDate: day(-5), status: 1 },
    ];
    for (const o of owners) {
      const row = await db
        .insertInto('homeUser')
        .values({ ...o, agentId: agentA, storeId: storeA, ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow();
      ownerId = row.id;
    }
    await db
      .insertInto('homeUser')
      .values({
        name: '赵敏',
        phone: '13812340009',
        appVersion: '2.9.0',
        expireDate: day(50),
        status: 1,
        agentId: agentB,
        storeId: storeB,
        ...stamps,
      })
      .execute();
    const staff = [
      { nickname: '小刘', deviceType: 'iPhone 15', dueDate: day(20), openId: 'oX1' },
      { nickname: '阿芳', deviceType: 'HUAWEI Mate 60', dueDate: day(200), openId: 'oX2' },
      { nickname: '老周', deviceType: 'iPhone 15', dueDate: day(-1), openId: null },
    ];
    for (const s of staff) {
      const row = await db
        .insertInto('staffAppletUser')
        .values({
          ...s,
          phone: '13900001111',
          appVersion: '1.4.2',
          serviceType: 1,
          status: 1,
          agentId: agentA,
          storeId: storeA,
          ...stamps,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      staffIds.push(row.id);
    }
    const foreign = await db
      .insertInto('staffAppletUser')
      .values({
        nickname: '外店员工',
        phone: '13900002222',
        deviceType: 'OPPO',
        dueDate: day(30),
        openId: null,
        appVersion: '1.4.0',
        serviceType: 2,
        status: 1,
        agentId: agentB,
        storeId: storeB,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    staffIds.push(foreign.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists owners with store names and filters by keyword, version and expiry range', async () => {
    type Page = { total: number; list: { name: string; storeName: string; agentId: string }[] };
    const all = await callApi<Page>(t, admin, 'POST', '/saasic/homeUser/getPage', {
      offset: 1,
      size: 20,
      agentId: String(agentA),
    });
    expect(all.data.total).toBe(3);
    expect(all.data.list[0]?.storeName).toBe('悦泉西湖店');
    const byPhone = await callApi<Page>(t, admin, 'POST', '/saasic/homeUser/getPage', { keyword: '340002' });
    expect(byPhone.data.list.map((u) => u.name)).toEqual(['李秀英']);
    const byVersion = await callApi<Page>(t, admin, 'POST', '/saasic/homeUser/getPage', { appVersion: '3.2.0' });
    expect(byVersion.data.total).toBe(2);
    const soon = await callApi<Page>(t, admin, 'POST', '/saasic/homeUser/getPage', {
      expireDate: { from: day(0), to: day(30) },
    });
    expect(soon.data.list.map((u) => u.name)).toEqual(['李秀英']);
  });

  it('counts total, active, expired and expiring within 30 days', async () => {
    const stats = await callApi(t, admin, 'POST', '/saasic/homeUser/getHeadStatistics', { agentId: String(agentA) });
    expect(stats.data).toEqual({ total: 3, active: 2, expired: 1, expiringSoon: 1 });
    const staff = await callApi(t, admin, 'POST', '/saasic/staffApplet/getStaffAppletUserStatistics', {
      storeId: String(storeA),
    });
    expect(staff.data).toEqual({ total: 3, active: 2, expired: 1, expiringSoon: 1 });
  });

  it('changes an expiry date with an operation-log record of before and after', async () => {
    const url = (date: string, version: number, reason = '续费一年') =>
      `/saasic/homeUser/updateExpireDate?id=${ownerId}&expireDate=${date}&version=${version}&reason=${encodeURIComponent(reason)}`;
    const noReason = await callApi(t, admin, 'GET', url(day(365), 1, ' '));
    expect(noReason.errCode).toBe(400100);
    expect(noReason.fieldErrors?.reason).toBe('请填写修改原因（至少 2 个字）');
    const stale = await callApi(t, admin, 'GET', url(day(365), 7));
    expect(stale.errCode).toBe(409001);
    const res = await callApi(t, admin, 'GET', url(day(365), 1));
    expect(res.errCode, res.errMsg).toBe(0);
    const row = await t.database.db
      .selectFrom('homeUser')
      .select('expireDate')
      .where('id', '=', ownerId)
      .executeTakeFirstOrThrow();
    expect(row.expireDate).toBe(day(365));
    const log = await t.database.db
      .selectFrom('operationLog')
      .select(['changes', 'targetId', 'action'])
      .where('path', '=', '/api/saasic/homeUser/updateExpireDate')
      .where('result', '=', 1)
      .executeTakeFirstOrThrow();
    expect(log.targetId).toBe(String(ownerId));
    expect(log.action).toBe('修改店主账号到期日（原因：续费一年）');
    expect(JSON.parse(log.changes)).toEqual([{ field: 'expireDate', before: day(-5), after: day(365) }]);
    const bad = await callApi(t, admin, 'GET', url('2026-13-01', 2));
    expect(bad.errCode).toBe(400100);
  });

  it('lists distinct app versions and device types for the filters', async () => {
    expect((await callApi(t, admin, 'GET', '/saasic/homeUser/getAllStaffAppVersion')).data).toEqual([
      '3.2.0',
      '3.1.5',
      '2.9.0',
    ]);
    expect((await callApi(t, admin, 'GET', '/saasic/staffApplet/getAllDeviceType')).data).toEqual([
      'HUAWEI Mate 60',
      'iPhone 15',
      'OPPO',
    ]);
  });

  it('updates due dates in a batch all or nothing', async () => {
    const db = t.database.db;
    const [a, b, , foreign] = staffIds as [number, number, number, number];
    const before = await db.selectFrom('staffAppletUser').select(['id', 'dueDate']).orderBy('id').execute();
    const missing = await callApi(t, admin, 'POST', '/saasic/staffApplet/batchUpdateDueDate', {
      items: [
        { id: String(a), dueDate: day(400), version: 1 },
        { id: '99999999', dueDate: day(400), version: 1 },
      ],
    });
    expect(missing.errCode).toBe(404001);
    expect(missing.fieldErrors?.['items.1.id']).toBeTruthy();
    const invalid = await callApi(t, admin, 'POST', '/saasic/staffApplet/batchUpdateDueDate', {
      items: [
        { id: String(a), dueDate: day(400), version: 1 },
        { id: String(b), dueDate: '明年', version: 1 },
      ],
    });
    expect(invalid.errCode).toBe(400100);
    const stale = await callApi(t, admin, 'POST', '/saasic/staffApplet/batchUpdateDueDate', {
      items: [
        { id: String(a), dueDate: day(400), version: 1 },
        { id: String(b), dueDate: day(400), version: 9 },
      ],
    });
    expect(stale.errCode).toBe(409001);
    expect(stale.fieldErrors?.['items.1.id']).toBe('已被他人修改');
    expect(await db.selectFrom('staffAppletUser').select(['id', 'dueDate']).orderBy('id').execute()).toEqual(before);

    const ok = await callApi(t, admin, 'POST', '/saasic/staffApplet/batchUpdateDueDate', {
      items: [
        { id: String(a), dueDate: day(400), version: 1 },
        { id: String(b), dueDate: day(401), version: 1 },
        { id: String(foreign), dueDate: day(402), version: 1 },
      ],
    });
    expect(ok.data).toEqual({ updated: 3 });
    const log = await db
      .selectFrom('operationLog')
      .select('changes')
      .where('path', '=', '/api/saasic/staffApplet/batchUpdateDueDate')
      .where('result', '=', 1)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(log.changes) as unknown[])[0]).toEqual({
      field: `dueDate#${a}`,
      before: day(20),
      after: day(400),
    });
    const rows = await db
      .selectFrom('staffAppletUser')
      .select(['id', 'dueDate'])
      .where('id', 'in', [a, b, foreign])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.dueDate)).toEqual([day(400), day(401), day(402)]);
    // The figures follow the change at once (the write drops the remembered statistics).
    const stats = await callApi(t, admin, 'POST', '/saasic/staffApplet/getStaffAppletUserStatistics', {
      storeId: String(storeA),
    });
    expect(stats.data).toEqual({ total: 3, active: 2, expired: 1, expiringSoon: 0 });
  });

  it("filters owners, staff and their statistics by the store's enterprise", async () => {
    // A second enterprise of the same provider, with one owner of its own.
    const other = await insertStore(t.database.db, agentA, { name: '悦泉滨江店' });
    const now = nowIso();
    await t.database.db
      .insertInto('homeUser')
      .values({
        name: '钱进',
        phone: '13812340010',
        appVersion: '3.2.0',
        expireDate: day(5),
        status: 1,
        agentId: agentA,
        storeId: other.storeId,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    type Page = { total: number; list: { name: string }[] };
    const mine = await callApi<Page>(t, admin, 'POST', '/saasic/homeUser/getPage', {
      enterpriseId: String(enterpriseA),
    });
    expect(mine.data.list.map((u) => u.name).sort()).toEqual(['张伟', '李秀英', '王建国'].sort());
    const theirs = await callApi<Page>(t, admin, 'POST', '/saasic/homeUser/getPage', {
      enterpriseId: String(other.enterpriseId),
    });
    expect(theirs.data.list.map((u) => u.name)).toEqual(['钱进']);
    const stats = await callApi(t, admin, 'POST', '/saasic/homeUser/getHeadStatistics', {
      enterpriseId: String(other.enterpriseId),
    });
    expect(stats.data).toEqual({ total: 1, active: 1, expired: 0, expiringSoon: 1 });
    const staff = await callApi<Page>(t, admin, 'POST', '/saasic/staffApplet/getStaffAppletUserPage', {
      enterpriseId: String(other.enterpriseId),
    });
    expect(staff.data.total).toBe(0);
  });

  it('changes one due date against its version, and exports the staff list', async () => {
    const id = String(staffIds[2]);
    const stale = await callApi(t, admin, 'POST', '/saasic/staffApplet/updateDueDate', {
      id,
      dueDate: day(90),
      version: 5,
    });
    expect(stale.errCode).toBe(409001);
    const ok = await callApi(t, admin, 'POST', '/saasic/staffApplet/updateDueDate', {
      id,
      dueDate: day(90),
      version: 1,
    });
    expect(ok.errCode, ok.errMsg).toBe(0);
    const missing = await callApi(t, admin, 'POST', '/saasic/staffApplet/updateDueDate', {
      id: '99999999',
      dueDate: day(90),
      version: 1,
    });
    expect(missing.errCode).toBe(404001);
    const file = await exportFile(t, admin, '/saasic/staffApplet/export', { storeId: String(storeA) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-export-rows']).toBe('3');
  });

  it('releases a staff WeChat binding', async () => {
    const id = staffIds[0] as number;
    expect((await callApi(t, admin, 'GET', `/saasic/staffApplet/updateOpenId2Empty?id=${id}`)).errCode).toBe(0);
    const row = await t.database.db
      .selectFrom('staffAppletUser')
      .select('openId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.openId).toBeNull();
  });

  it('deletes an owner account', async () => {
    const res = await callApi(t, admin, 'GET', `/saasic/homeUser/delete?id=${ownerId}`);
    expect(res.errCode, res.errMsg).toBe(0);
    expect((await callApi(t, admin, 'GET', `/saasic/homeUser/get?id=${ownerId}`)).errCode).toBe(404001);
  });

  it('keeps these platform screens closed to provider operators', async () => {
    expect((await callApi(t, provider, 'POST', '/saasic/homeUser/getPage', {})).errCode).toBe(403001);
    const batch = await callApi(t, provider, 'POST', '/saasic/staffApplet/batchUpdateDueDate', {
      items: [{ id: String(staffIds[3]), dueDate: day(1), version: 1 }],
    });
    expect(batch.errCode).toBe(403001);
    expect(
      (await callApi(t, provider, 'GET', `/saasic/staffApplet/updateOpenId2Empty?id=${staffIds[1]}`)).errCode,
    ).toBe(403001);
  });
});
