import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { tinyApk, tinyPng as png } from './test-files.js';

type Uploaded = { key: string; url: string; kind: string; size: number; md5: string };

describe('file storage', () => {
  let t: TestApp;
  let dir: string;
  let admin: TestOperator;
  let provider: TestOperator;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'uploads-'));
    ({ t, operator: admin } = await appWithOperator({
      permissions: ['appVersion.create', 'systemConfig.update'],
      env: { UPLOAD_DIR: dir },
    }));
    const agentId = await createTestAgent(t.database.db);
    provider = await createTestOperator(t, { adminType: 1, agentId, permissions: [] });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = async (op: TestOperator, purpose: string, bytes: Buffer, name = 'file.png') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/file/upload?purpose=${purpose}&name=${encodeURIComponent(name)}`,
      headers: { ...op.headers, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    return res.json<{ errCode: number; errMsg: string; data: Uploaded; fieldErrors?: Record<string, string> }>();
  };

  it('stores an image under a random name and serves it inline with its type', async () => {
    const up = await upload(admin, 'serviceQr', png, '客服.png');
    expect(up.errCode).toBe(0);
    expect(up.data.key).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(up.data.url).toMatch(new RegExp(`/files/${up.data.key}$`));
    const served = await t.app.inject({ method: 'GET', url: `/files/${up.data.key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('computes the md5 and serves a package as a download', async () => {
    const up = await upload(admin, 'appPackage', tinyApk, 'room.apk');
    expect(up.errCode).toBe(0);
    expect(up.data).toMatchObject({ kind: 'apk', size: tinyApk.length });
    const { createHash } = await import('node:crypto');
    expect(up.data.md5).toBe(createHash('md5').update(tinyApk).digest('hex'));
    const served = await t.app.inject({ method: 'GET', url: `/files/${up.data.key}` });
    expect(served.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="${up.data.key}"`);
  });

  it('judges by content: SVG or HTML named .png, a plain ZIP as .apk, are refused', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    for (const bytes of [svg, html]) {
      const res = await upload(admin, 'serviceQr', bytes, 'qr.png');
      expect(res.errCode).toBe(400100);
      expect(res.fieldErrors?.file).toContain('仅限 PNG、JPEG、WebP');
    }
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    expect((await upload(admin, 'appPackage', zip, 'fake.apk')).fieldErrors?.file).toContain('仅限 APK');
    // A package is not an image, whatever it is called.
    expect((await upload(admin, 'serviceQr', tinyApk, 'qr.png')).errCode).toBe(400100);
  });

  it('refuses a file over the purpose limit, declared or streamed, and leaves nothing behind', async () => {
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(admin, 'serviceQr', big);
    expect(res.errCode).toBe(413001);
    expect(res.fieldErrors?.file).toBe('文件不能超过 2 MB');
    expect(readdirSync(join(dir, '.incoming'))).toEqual([]);
  });

  it('needs the permission of the field purpose; an avatar needs only a session', async () => {
    expect((await upload(provider, 'appPackage', tinyApk)).errCode).toBe(403001);
    expect((await upload(provider, 'avatar', png)).errCode).toBe(0);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?purpose=avatar',
      headers: { 'content-type': 'application/octet-stream' },
      payload: png,
    });
    expect(anonymous.json<{ errCode: number }>().errCode).toBe(5000);
  });

  it('answers 404 for names it never issued, and refuses a JSON body', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/files/..%2Fconsole.sqlite' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/files/${'a'.repeat(32)}.png` })).statusCode).toBe(404);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?purpose=avatar',
      headers: admin.headers,
      payload: { file: 'x' },
    });
    expect(json.json<{ errCode: number }>().errCode).toBe(400100);
  });
});
