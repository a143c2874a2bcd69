import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp, type TestOperator } from '../../../test/app-with-operator.js';
import { callApi } from '../stores/test-fixtures.js';
import { fileNamesIn } from '../../http/file-claims.js';
import { ORPHAN_FILE_AGE_MS, sweepOrphanFiles } from './orphan-sweep.js';
import { tinyApk, tinyPng, uploadForTest } from './test-files.js';

describe('uploads no record took are deleted after a day', () => {
  let t: TestApp;
  let dir: string;
  let admin: TestOperator;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'uploads-'));
    ({ t, operator: admin } = await appWithOperator({
      permissions: ['appVersion.create', 'systemConfig.update', 'systemConfig.page'],
      env: { UPLOAD_DIR: dir },
    }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const row = (key: string) =>
    t.database.db.selectFrom('storedFile').selectAll().where('key', '=', key).executeTakeFirst();
  const served = async (key: string) => (await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode;
  const stored = () => readdirSync(dir).filter((name) => !name.startsWith('.'));

  it('keeps the files records took (by key or by URL), deletes the abandoned ones, bytes and row', async () => {
    // A package an app version took by key, a QR image the site settings took by URL.
    const pkg = await uploadForTest(t.app, admin.headers, 'appPackage', tinyApk);
    const version = await callApi(t, admin, 'POST', '/appVersion/create', {
      app: 1,
      versionName: '5.0.0',
      versionCode: 500,
      packageKey: pkg.key,
      updateType: 1,
      releaseNotes: '新版本',
    });
    expect(version.errCode, version.errMsg).toBe(0);
    const qr = await uploadForTest(t.app, admin.headers, 'serviceQr', tinyPng);
    const saved = await callApi(t, admin, 'POST', '/systemConfig/updateBatch', {
      items: [{ key: 'serviceQr', value: qr.url }],
    });
    expect(saved.errCode, saved.errMsg).toBe(0);
    // An image uploaded, then the form cancelled; a package whose form failed (rolled back).
    const cancelled = await uploadForTest(t.app, admin.headers, 'serviceQr', tinyPng);
    const failedPkg = await uploadForTest(t.app, admin.headers, 'appPackage', tinyApk);
    const failed = await callApi(t, admin, 'POST', '/appVersion/create', {
      app: 1,
      versionName: '',
      versionCode: 0,
      packageKey: failedPkg.key,
      updateType: 1,
      releaseNotes: '',
    });
    expect(failed.errCode).not.toBe(0);

    expect((await row(pkg.key))?.claimedAt).not.toBeNull();
    expect((await row(qr.key))?.claimedAt).not.toBeNull();
    expect((await row(cancelled.key))?.claimedAt).toBeNull();
    expect((await row(failedPkg.key))?.claimedAt).toBeNull();
    expect(stored()).toHaveLength(4);

    // Less than a day on, nothing goes.
    const soon = new Date(Date.now() + ORPHAN_FILE_AGE_MS - 60_000);
    expect(await sweepOrphanFiles(t.app, { now: () => soon })).toBe(0);
    expect(stored()).toHaveLength(4);

    const dayLater = new Date(Date.now() + ORPHAN_FILE_AGE_MS + 60_000);
    expect(await sweepOrphanFiles(t.app, { now: () => dayLater })).toBe(2);
    expect(await row(cancelled.key)).toBeUndefined();
    expect(await row(failedPkg.key)).toBeUndefined();
    expect(await served(cancelled.key)).toBe(404);
    expect(await served(failedPkg.key)).toBe(404);
    expect(await served(pkg.key)).toBe(200);
    expect(await served(qr.key)).toBe(200);
    expect(stored().sort()).toEqual([pkg.key, qr.key].sort());
    // A second sweep finds nothing more.
    expect(await sweepOrphanFiles(t.app, { now: () => dayLater })).toBe(0);
  });

  it('finds file names in keys, URLs and rich text, and not in look-alikes', () => {
    const a = `${'a'.repeat(32)}.png`;
    const b = `${'b'.repeat(32)}.apk`;
    const c = `${'c'.repeat(32)}.webp`;
    const found = fileNamesIn([
      { query: { id: '3' } },
      { packageKey: a, nested: { list: [`https://h/files/${b}`] }, html: `<p><img src="/files/${c}"></p>` },
      { other: `${'d'.repeat(31)}.png`, svg: `${'e'.repeat(32)}.svg` },
    ]);
    expect([...found].sort()).toEqual([a, b, c].sort());
  });
});
