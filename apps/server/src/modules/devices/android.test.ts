import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createDeviceTestApp } from '../../../test/device-test-app.js';
import type { TestApp } from '../../../test/test-app.js';
import { nowIso } from '../../lib/clock.js';
import { tinyApk, uploadForTest } from '../files/test-files.js';
import { callApi, insertAndroid, insertStore } from '../stores/test-fixtures.js';

type Job = { id: string; status: number; total: number; succeeded: number; failed: number };

describe('android terminals and app pushes', () => {
  let t: TestApp;
  let platform: TestOperator;
  let opA: TestOperator;
  let opB: TestOperator;
  let agentA: number;
  let storeA: number;
  let enterpriseA: number;
  let devices: number[];

  beforeAll(async () => {
    ({ t } = await createDeviceTestApp());
    const db = t.database.db;
    agentA = await createTestAgent(db);
    const agentB = await createTestAgent(db);
    ({ storeId: storeA, enterpriseId: enterpriseA } = await insertStore(db, agentA));
    devices = [
      await insertAndroid(db, agentA, storeA, { floor: 2 }),
      await insertAndroid(db, agentA, storeA, { floor: 3 }),
      await insertAndroid(db, agentA, storeA, { floor: 3, online: 0 }),
    ];
    const now = nowIso();
    await db
      .insertInto('staffAppletUser')
      .values(
        [1, 1, 2].map((serviceType, i) => ({
          agentId: agentA,
          storeId: storeA,
          nickname: `员工${i}`,
          phone: '13900000000',
          deviceType: '',
          appVersion: '',
          serviceType,
          dueDate: '2099-01-01',
          status: 1,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        'android.page',
        'android.get',
        'android.update',
        'android.delete',
        'appVersion.create',
        'appVersion.push',
        'companyGroup.create',
      ],
    });
    const agentPerms = ['agentAndroid.page', 'agentAndroid.get', 'agentAndroid.update', 'agentAndroid.delete'];
    opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: agentPerms });
    opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: agentPerms });
  });
  afterAll(async () => {
    await t.app.devices.settled();
    await t.close();
  });

  it('lists terminals in both families, scoped for providers', async () => {
    const all = await callApi<{ total: number }>(t, platform, 'POST', '/saasicAndroidController/getPage', {
      storeId: String(storeA),
    });
    expect(all.data.total).toBe(3);
    const mine = await callApi<{ total: number }>(t, opA, 'POST', '/aic/androidManage/getPage', { floor: 3 });
    expect(mine.data.total).toBe(2);
    const theirs = await callApi<{ total: number }>(t, opB, 'POST', '/aic/androidManage/getPage', {});
    expect(theirs.data.total).toBe(0);
    expect((await callApi(t, opA, 'POST', '/saasicAndroidController/getPage', {})).errCode).toBe(403001);
  });

  it('edits room and floor, refusing foreign ids like missing ones', async () => {
    const got = await callApi<{ version: number }>(t, opA, 'GET', `/aic/androidManage/getAndroid?id=${devices[0]}`);
    const upd = await callApi<{ roomType: number; floor: number }>(t, opA, 'POST', '/aic/androidManage/updateAndroid', {
      id: String(devices[0]),
      version: got.data.version,
      roomType: 3,
      floor: 5,
    });
    expect(upd.data).toMatchObject({ roomType: 3, floor: 5 });
    const bad = await callApi(t, opA, 'POST', '/aic/androidManage/updateAndroid', {
      id: String(devices[0]),
      version: 2,
      floor: 300,
    });
    expect(bad.fieldErrors?.floor).toBeTruthy();
    const foreign = await callApi(t, opB, 'POST', '/aic/androidManage/updateAndroid', {
      id: String(devices[0]),
      version: 2,
      floor: 1,
    });
    expect(foreign.errCode).toBe(404001);
    expect((await callApi(t, opB, 'POST', `/aic/androidManage/deleteAndroid?id=${devices[0]}`)).errCode).toBe(404001);
    expect((await callApi(t, opB, 'POST', `/aic/androidManage/getAndroidServiceInfo?id=${devices[0]}`)).errCode).toBe(
      404001,
    );
  });

  it('asks a terminal for its live info; an offline one answers offline', async () => {
    const online = await callApi<{ live: { online: boolean; deviceCode: string } }>(
      t,
      opA,
      'POST',
      `/aic/androidManage/getAndroidServiceInfo?id=${devices[1]}`,
    );
    expect(online.data.live.online).toBe(true);
    expect(online.data.live.deviceCode).toMatch(/^AD/);
    const offline = await callApi<{ live: { online: boolean } }>(
      t,
      platform,
      'POST',
      `/saasicAndroidController/getAndroidServiceInfo?id=${devices[2]}`,
    );
    expect(offline.data.live.online).toBe(false);
  });

  it('answers room types, floors and the service types that have staff', async () => {
    const types = await callApi<{ value: number; label: string }[]>(
      t,
      opA,
      'GET',
      '/saasicAndroidController/getRoomType',
    );
    expect(types.data[0]).toEqual({ value: 1, label: '包间' });
    const floors = await callApi(t, opA, 'GET', `/saasicAndroidController/getRoomFloorList?storeId=${storeA}`);
    expect(floors.data).toEqual([3, 5]);
    const free = await callApi(t, opA, 'GET', `/saasicAndroidController/getFreeTypeListHaveWaiters?storeId=${storeA}`);
    expect(free.data).toEqual([
      { serviceType: 1, label: '服务员', waiters: 2 },
      { serviceType: 2, label: '技师', waiters: 1 },
    ]);
    expect((await callApi(t, opB, 'GET', `/saasicAndroidController/getRoomFloorList?storeId=${storeA}`)).errCode).toBe(
      404001,
    );

    // The form's floor picker asks for the floors of the room type chosen.
    const sauna = await insertAndroid(t.database.db, agentA, storeA, { floor: -1 });
    await t.database.db.updateTable('androidDevice').set({ roomType: 4 }).where('id', '=', sauna).execute();
    const floorsOf = async (type: number) =>
      (await callApi(t, opA, 'GET', `/saasicAndroidController/getRoomFloorList?storeId=${storeA}&roomType=${type}`))
        .data;
    expect(await floorsOf(4)).toEqual([-1]);
    expect(await floorsOf(1)).toEqual([3]);
    expect(await floorsOf(3)).toEqual([5]);
    expect(await floorsOf(6)).toEqual([]);
    expect((await callApi(t, opA, 'GET', `/saasicAndroidController/getRoomFloorList?storeId=${storeA}`)).data).toEqual([
      -1, 3, 5,
    ]);
    const unknownType = await callApi(
      t,
      opA,
      'GET',
      `/saasicAndroidController/getRoomFloorList?storeId=${storeA}&roomType=9`,
    );
    expect(unknownType.errCode).not.toBe(0);
    await t.database.db.deleteFrom('androidDevice').where('id', '=', sauna).execute();
  });

  it('pushes a version to a company group and records each device’s result as it reports', async () => {
    const apk = await uploadForTest(t.app, platform.headers, 'appPackage', tinyApk);
    const version = await callApi<{ id: string }>(t, platform, 'POST', '/appVersion/create', {
      app: 1,
      versionName: '2.4.0',
      versionCode: 240,
      packageKey: apk.key,
      updateType: 1,
      releaseNotes: '修复呼叫服务偶发无响应的问题',
    });
    expect(version.errCode, version.errMsg).toBe(0);
    const group = await callApi<{ id: string }>(t, platform, 'POST', '/companyGroup/create', {
      name: '华东连锁',
      remark: '',
    });
    await t.database.db
      .insertInto('companyGroupMember')
      .values({ groupId: Number(group.data.id), enterpriseId: enterpriseA })
      .execute();

    const push = await callApi<Job>(t, platform, 'POST', '/saasicAndroidController/pushAppUpdate', {
      appVersionId: version.data.id,
      companyGroupId: group.data.id,
    });
    expect(push.errCode, push.errMsg).toBe(0);
    expect(push.data).toMatchObject({ status: 0, total: 3, succeeded: 0, failed: 0 });
    await t.app.devices.settled();
    const detail = await callApi<Job & { results: { deviceId: string; status: number; message: string }[] }>(
      t,
      platform,
      'GET',
      `/saasicAndroidController/getPushJob?id=${push.data.id}`,
    );
    expect(detail.data).toMatchObject({ status: 2, succeeded: 2, failed: 1 });
    const failed = detail.data.results.find((r) => r.status === 2);
    expect(failed).toMatchObject({ deviceId: String(devices[2]), message: '设备离线，未送达' });
    const row = await t.database.db
      .selectFrom('androidDevice')
      .select('appVersion')
      .where('id', '=', devices[0] as number)
      .executeTakeFirstOrThrow();
    expect(row.appVersion).toBe('2.4.0');
    const last = await callApi<{ versionName: string }>(t, opA, 'GET', '/saasicAndroidController/getAppLastVer?app=1');
    expect(last.data.versionName).toBe('2.4.0');
  });

  it('refuses a push to a group without terminals, and providers cannot push', async () => {
    const group = await callApi<{ id: string }>(t, platform, 'POST', '/companyGroup/create', {
      name: '空分组',
      remark: '',
    });
    const v = await t.database.db.selectFrom('appVersion').select('id').executeTakeFirstOrThrow();
    const res = await callApi(t, platform, 'POST', '/saasicAndroidController/pushAppUpdate', {
      appVersionId: String(v.id),
      companyGroupId: group.data.id,
    });
    expect(res.fieldErrors?.companyGroupId).toBe('该分组下没有可推送的安卓设备');
    const byProvider = await callApi(t, opA, 'POST', '/saasicAndroidController/pushAppUpdate', {
      appVersionId: String(v.id),
      companyGroupId: group.data.id,
    });
    expect(byProvider.errCode).toBe(403001);
  });
});
