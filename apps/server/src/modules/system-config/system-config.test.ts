import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../stores/test-fixtures.js';

type Row = { key: string; value: string; version: number; type: string };

describe('system config', () => {
  let t: TestApp;
  let admin: TestOperator;
  let reader: TestOperator;
  let provider: TestOperator;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({ permissions: ['systemConfig.get', 'systemConfig.update'] }));
    reader = await createTestOperator(t, { adminType: 0, permissions: ['systemConfig.get'] });
    provider = await createTestOperator(t, { adminType: 1, permissions: ['systemConfig.get', 'systemConfig.update'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const prices = async () =>
    Object.fromEntries(
      (await callApi<Row[]>(t, admin, 'GET', '/systemConfig/getListByType?type=price')).data.map((r) => [r.key, r]),
    ) as Record<string, Row>;

  it('starts with the seeded keys of every type', async () => {
    const site = await callApi<Row[]>(t, admin, 'GET', '/systemConfig/getListByType?type=site');
    expect(site.data.map((r) => r.key)).toEqual([
      'platformName',
      'servicePhone',
      'serviceEmail',
      'serviceQr',
      'helpCenterUrl',
    ]);
    const agreements = await callApi<Row[]>(t, admin, 'GET', '/systemConfig/getListByType?type=agreement');
    expect(agreements.data.map((r) => r.key).sort()).toEqual(
      ['privacyAgreement', 'privatezc', 'renewalAgreement', 'userAgreement'].sort(),
    );
    // Real texts of several paragraphs, not placeholders.
    for (const a of agreements.data) expect(a.value.split('\n\n').length).toBeGreaterThanOrEqual(4);
    expect((await callApi(t, admin, 'GET', '/systemConfig/getListByType?type=nope')).errCode).toBe(400100);
  });

  it('writes a batch together', async () => {
    const before = await prices();
    const res = await callApi<Row[]>(t, admin, 'POST', '/systemConfig/updateBatch', {
      items: [
        { key: 'webPrice', value: '99000', version: before.webPrice?.version },
        { key: 'staffAppletPrice', value: '15000' },
      ],
    });
    expect(res.errCode, res.errMsg).toBe(0);
    const after = await prices();
    expect(after.webPrice?.value).toBe('99000');
    expect(after.webPrice?.version).toBe((before.webPrice?.version ?? 0) + 1);
    expect(after.staffAppletPrice?.value).toBe('15000');
  });

  it('changes nothing when one item is bad: invalid value, unknown key or stale version', async () => {
    const before = await prices();
    const bad = await callApi(t, admin, 'POST', '/systemConfig/updateBatch', {
      items: [
        { key: 'webPrice', value: '1' },
        { key: 'staffAppletPrice', value: '12.5' },
      ],
    });
    expect(bad.errCode).toBe(400100);
    expect(bad.fieldErrors?.['items.1.value']).toBe('价格须为以分计的非负整数');
    const unknown = await callApi(t, admin, 'POST', '/systemConfig/updateBatch', {
      items: [
        { key: 'webPrice', value: '2' },
        { key: 'noSuchKey', value: 'x' },
      ],
    });
    expect(unknown.errCode).toBe(400100);
    const stale = await callApi(t, admin, 'POST', '/systemConfig/updateBatch', {
      items: [
        { key: 'webPrice', value: '3' },
        { key: 'staffAppletPrice', value: '4', version: (before.staffAppletPrice?.version ?? 0) + 5 },
      ],
    });
    expect(stale.errCode).toBe(409001);
    expect(await prices()).toEqual(before);
    const failed = await t.database.db
      .selectFrom('operationLog')
      .select('result')
      .where('path', '=', '/api/systemConfig/updateBatch')
      .where('result', '=', 0)
      .execute();
    expect(failed.length).toBe(3);
  });

  it('serves the site facts and agreements to the public, nothing else', async () => {
    const site = await callApi<{ platformName: string; serviceQr: string }>(t, null, 'GET', '/systemConfig/site');
    expect(site.data.platformName).toBe('门店云运营平台');
    expect(site.data.serviceQr).toMatch(/^data:image\/svg\+xml;base64,/);
    const text = await callApi<{ title: string; content: string }>(
      t,
      null,
      'GET',
      '/systemConfig/agreement?key=privatezc',
    );
    expect(text.data.title).toBe('隐私政策');
    expect((await callApi(t, null, 'GET', '/systemConfig/agreement?key=webPrice')).errCode).toBe(400100);
    expect((await callApi(t, null, 'GET', '/systemConfig/getListByType?type=price')).errCode).toBe(5000);
  });

  it('needs the update permission to write and refuses provider operators', async () => {
    const items = [{ key: 'webPrice', value: '1000' }];
    expect((await callApi(t, reader, 'POST', '/systemConfig/updateBatch', { items })).errCode).toBe(403001);
    expect((await callApi(t, provider, 'POST', '/systemConfig/updateBatch', { items })).errCode).toBe(403001);
    expect((await callApi(t, provider, 'GET', '/systemConfig/getListByType?type=price')).errCode).toBe(403001);
  });
});
