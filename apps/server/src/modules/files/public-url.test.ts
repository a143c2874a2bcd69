import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi } from '../stores/test-fixtures.js';
import { tinyApk, tinyPng } from './test-files.js';

const PUBLIC_URL = 'https://console.example.com';
/** Everything a sender can say about where it thinks it is talking to. */
const forged = {
  host: 'evil.example:8080',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-port': '8080',
  forwarded: 'host=evil.example;proto=http',
};

describe.each<{ trustProxy: string; env: Record<string, string> }>([
  { trustProxy: 'off', env: {} },
  { trustProxy: 'on', env: { TRUST_PROXY: '1' } },
])('URLs come from PUBLIC_URL, never the request (TRUST_PROXY $trustProxy)', ({ env }) => {
  let t: TestApp;
  let admin: TestOperator;
  let versionCode = 100;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({
      permissions: ['appVersion.create', 'appVersion.get', 'systemConfig.update', 'sweepShop.create'],
      env: { ...env, PUBLIC_URL: `${PUBLIC_URL}/` },
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = async (purpose: string, bytes: Buffer) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/file/upload?purpose=${purpose}&name=x`,
      headers: { ...admin.headers, ...forged, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    const body = res.json<{ errCode: number; errMsg: string; data: { key: string; url: string } }>();
    expect(body.errCode, body.errMsg).toBe(0);
    return body.data;
  };
  const forgedCall = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: { ...admin.headers, ...forged }, payload });
    return res.json<{ errCode: number; errMsg: string; data: T }>();
  };

  it('answers an upload’s URL from PUBLIC_URL, public or private', async () => {
    for (const [purpose, bytes] of [
      ['appPackage', tinyApk],
      ['serviceQr', tinyPng],
      ['merchantDocument', tinyPng],
    ] as const) {
      const up = await upload(purpose, bytes);
      expect(up.url).toBe(`${PUBLIC_URL}/files/${up.key}`);
    }
  });

  it('stores an app version’s download address from PUBLIC_URL, as terminals fetch it', async () => {
    const apk = await upload('appPackage', tinyApk);
    versionCode += 1;
    const created = await forgedCall<{ id: string; downloadUrl: string }>('POST', '/appVersion/create', {
      app: 1,
      versionName: `3.1.${versionCode}`,
      versionCode,
      packageKey: apk.key,
      updateType: 3,
      releaseNotes: '静默更新',
    });
    expect(created.errCode, created.errMsg).toBe(0);
    expect(created.data.downloadUrl).toBe(`${PUBLIC_URL}/files/${apk.key}`);
    // What is stored, read back by a request that says nothing about hosts.
    const read = await callApi<{ downloadUrl: string }>(t, admin, 'GET', `/appVersion/get?id=${created.data.id}`);
    expect(read.data.downloadUrl).toBe(`${PUBLIC_URL}/files/${apk.key}`);
    const row = await t.database.db
      .selectFrom('appVersion')
      .select('downloadUrl')
      .where('id', '=', Number(created.data.id))
      .executeTakeFirstOrThrow();
    expect(row.downloadUrl).toBe(`${PUBLIC_URL}/files/${apk.key}`);
  });

  it('signs file links under PUBLIC_URL', async () => {
    for (const [purpose, bytes] of [
      ['serviceQr', tinyPng],
      ['merchantDocument', tinyPng],
    ] as const) {
      const up = await upload(purpose, bytes);
      const linked = await forgedCall<{ url: string }>('GET', `/file/link?key=${up.key}`);
      expect(linked.errCode, linked.errMsg).toBe(0);
      expect(linked.data.url.startsWith(`${PUBLIC_URL}/files/${up.key}`)).toBe(true);
    }
  });
});

describe('PUBLIC_URL unset', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it('builds URLs on http://localhost:PORT, whatever the request says', async () => {
    t = await createTestApp({ PORT: '8123' });
    const admin = await createTestOperator(t, { adminType: 0, permissions: ['systemConfig.update'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?purpose=serviceQr&name=qr.png',
      headers: { ...admin.headers, ...forged, 'content-type': 'application/octet-stream' },
      payload: tinyPng,
    });
    const { data } = res.json<{ data: { key: string; url: string } }>();
    expect(data.url).toBe(`http://localhost:8123/files/${data.key}`);
  });
});
