import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { DeviceAdapter, DeviceReport, PushOrder } from '../../adapters/devices/index.js';
import { tinyApk, uploadForTest } from '../files/test-files.js';
import { callApi, insertAndroid, insertStore } from '../stores/test-fixtures.js';

type Result = { deviceId: string; status: number; message: string };
type Job = { id: string; status: number; total: number; succeeded: number; failed: number; results: Result[] };

/** A device gateway whose devices say exactly what the test makes them say. */
class ScriptedDevices implements Partial<DeviceAdapter> {
  readonly name = 'scripted';
  orders: PushOrder[] = [];
  private listener: ((r: DeviceReport) => void) | null = null;
  pushAppUpdate(order: PushOrder) {
    this.orders.push(order);
    return Promise.resolve({ accepted: order.targets.length });
  }
  onReport(listener: (r: DeviceReport) => void) {
    this.listener = listener;
    return () => undefined;
  }
  idle() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
  say(report: DeviceReport) {
    this.listener?.(report);
  }
}

describe('app versions and push progress', () => {
  let t: TestApp;
  let admin: TestOperator;
  let devices: ScriptedDevices;
  let deviceIds: number[];
  let groupId: string;

  beforeAll(async () => {
    t = await createTestApp();
    devices = new ScriptedDevices();
    t.app.devices.setAdapter(devices as unknown as DeviceAdapter);
    const db = t.database.db;
    const agentId = await createTestAgent(db);
    const { storeId, enterpriseId } = await insertStore(db, agentId);
    deviceIds = [await insertAndroid(db, agentId, storeId), await insertAndroid(db, agentId, storeId)];
    admin = await createTestOperator(t, {
      adminType: 0,
      permissions: ['appVersion.create', 'appVersion.update', 'appVersion.push', 'companyGroup.create'],
    });
    const group = await callApi<{ id: string }>(t, admin, 'POST', '/companyGroup/create', {
      name: '推送组',
      remark: '',
    });
    groupId = group.data.id;
    await db
      .insertInto('companyGroupMember')
      .values({ groupId: Number(groupId), enterpriseId })
      .execute();
  });
  afterAll(async () => {
    await t.app.devices.settled();
    await t.close();
  });

  const release = async (versionCode: number, packageKey: string) =>
    callApi<{ id: string; md5: string; downloadUrl: string; version: number }>(t, admin, 'POST', '/appVersion/create', {
      app: 1,
      versionName: `3.0.${versionCode}`,
      versionCode,
      packageKey,
      updateType: 3,
      releaseNotes: '静默更新',
    });

  it('takes the md5 and address from the uploaded package, and the version code must grow', async () => {
    const apk = await uploadForTest(t.app, admin.headers, 'appPackage', tinyApk);
    const first = await release(300, apk.key);
    expect(first.errCode, first.errMsg).toBe(0);
    expect(first.data.md5).toBe(apk.md5);
    expect(first.data.downloadUrl).toBe(apk.url);
    for (const code of [300, 299]) {
      const again = await release(code, apk.key);
      expect(again.fieldErrors?.versionCode).toBe('版本序号需大于当前最新版本的 300');
    }
    const notUploaded = await release(301, `${'b'.repeat(32)}.apk`);
    expect(notUploaded.fieldErrors?.packageKey).toBe('文件不存在，请重新上传');
    const edit = await callApi(t, admin, 'POST', '/appVersion/update', {
      id: first.data.id,
      version: first.data.version,
      versionCode: 999,
    });
    expect(edit.fieldErrors?.versionCode).toContain('不能修改');
  });

  it('shows each device downloading, installing, installed or failed, and retries only the failed', async () => {
    const apk = await uploadForTest(t.app, admin.headers, 'appPackage', tinyApk);
    const version = await release(400, apk.key);
    const push = await callApi<Job>(t, admin, 'POST', '/saasicAndroidController/pushAppUpdate', {
      appVersionId: version.data.id,
      companyGroupId: groupId,
    });
    expect(push.errCode, push.errMsg).toBe(0);
    await t.app.devices.settled();
    expect(devices.orders).toHaveLength(1);
    const jobId = Number(push.data.id);
    const [a, b] = deviceIds as [number, number];
    const at = new Date().toISOString();
    const base = { kind: 'pushProgress' as const, jobId, serial: 'x', at };
    devices.say({ ...base, deviceId: a, stage: 'downloading', percent: 35 });
    devices.say({ ...base, deviceId: b, stage: 'installing', percent: 100 });
    await t.app.devices.settled();
    const detail = async () =>
      (await callApi<Job>(t, admin, 'GET', `/saasicAndroidController/getPushJob?id=${jobId}`)).data;
    expect((await detail()).results.map((r) => [r.status, r.message])).toEqual([
      [3, '下载中 35%'],
      [4, '安装中'],
    ]);
    const result = { kind: 'pushResult' as const, jobId, serial: 'x', versionName: '3.0.400', at };
    devices.say({ ...result, deviceId: a, ok: false, message: '存储空间不足' });
    devices.say({ ...result, deviceId: b, ok: true, message: '升级成功' });
    // A stage arriving after the answer is stale and changes nothing.
    devices.say({ ...base, deviceId: a, stage: 'downloading', percent: 70 });
    await t.app.devices.settled();
    const done = await detail();
    expect(done).toMatchObject({ status: 2, succeeded: 1, failed: 1 });
    expect(done.results.map((r) => [r.status, r.message])).toEqual([
      [2, '存储空间不足'],
      [1, '升级成功'],
    ]);

    // Two operators retry at once: the failed device is sent once.
    const retries = await Promise.all(
      [1, 2].map(() => callApi<Job>(t, admin, 'POST', '/saasicAndroidController/retryPush', { id: String(jobId) })),
    );
    expect(retries.map((r) => r.errCode).sort()).toEqual([0, 409003]);
    await t.app.devices.settled();
    expect(devices.orders).toHaveLength(2);
    expect(devices.orders[1]?.targets.map((x) => x.deviceId)).toEqual([a]);
    expect(await detail()).toMatchObject({ status: 0, succeeded: 1, failed: 0 });
    devices.say({ ...result, deviceId: a, ok: true, message: '升级成功' });
    await t.app.devices.settled();
    expect(await detail()).toMatchObject({ status: 1, succeeded: 2, failed: 0 });
  });
});
