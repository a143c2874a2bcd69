import { makeLicenseNo } from '../../adapters/payments/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { sampleStore } from '../../db/sample-rows.js';
import { sampleMerchantImages } from '../finance/merchant-documents.js';
import { callApi } from '../stores/test-fixtures.js';
import { loadLinkSecret } from './link-secret.js';
import { signLink } from './signed-link.js';
import { tinyPng, uploadForTest } from './test-files.js';

const PUBLIC_URL = 'https://console.example.com';
const SECRET = 'a-test-only-signing-key-of-32-characters-or-more';
type Link = { url: string; expiresAt: string | null };

describe('private files: merchant documents and contracts reach only their record’s operators', () => {
  let t: TestApp;
  let platform: TestOperator;
  /** Provider A's admin: uploads the documents and saves the records naming them. */
  let uploader: TestOperator;
  /** Another operator of provider A, who uploaded nothing. */
  let colleague: TestOperator;
  /** Provider B's admin. */
  let foreign: TestOperator;
  let licence: string;
  let attachment: string;

  const fetchFile = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers });
  const link = (op: TestOperator, key: string) => callApi<Link>(t, op, 'GET', `/file/link?key=${key}`);
  const pathOf = (url: string) => url.slice(PUBLIC_URL.length);

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, FILE_URL_SECRET: SECRET });
    const agentA = await createTestAgent(t.database.db);
    const writes = ['sweepShop.create', 'sweepShop.get', 'contract.create', 'contract.get'];
    uploader = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: writes });
    colleague = await createTestOperator(t, { adminType: 2, agentId: agentA, permissions: [] });
    foreign = await createTestOperator(t, { adminType: 1, permissions: writes });
    platform = await createTestOperator(t, { adminType: 0, permissions: [] });

    licence = (await uploadForTest(t.app, uploader.headers, 'merchantDocument', tinyPng)).key;
    const application = await callApi(t, uploader, 'POST', '/sweepShop/create', {
      storeId: String(await sampleStore(t.database.db, agentA)),
      merchantName: '杭州西溪汤泉休闲有限公司',
      shortName: '西溪汤泉',
      licenseNo: makeLicenseNo(7),
      legalPerson: '陈晓东',
      contactPhone: '13757100001',
      settleBank: '中国工商银行杭州文三路支行',
      settleAccount: '6222021202001234567',
      ...(await sampleMerchantImages(t.database.db, agentA)),
      licenseImage: licence,
    });
    expect(application.errCode, application.errMsg).toBe(0);

    const scan = await uploadForTest(t.app, uploader.headers, 'contractAttachment', tinyPng);
    attachment = scan.key;
    const contract = await callApi(t, uploader, 'POST', '/contract/create', {
      contractNo: `HT${Date.now()}`,
      partyType: 1,
      enterpriseId: null,
      title: '服务商年度合作协议',
      amount: 3_600_000,
      signedDate: '2026-02-01',
      startDate: '2026-02-01',
      endDate: '2027-01-31',
      status: 1,
      attachmentUrl: scan.url,
      remark: '',
    });
    expect(contract.errCode, contract.errMsg).toBe(0);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a private file’s bare name with 404, with no session, a stale one or a foreign one', async () => {
    for (const key of [licence, attachment]) {
      expect((await fetchFile(`/files/${key}`)).statusCode).toBe(404);
      expect((await fetchFile(`/files/${key}`, { token: 'no-such-session' })).statusCode).toBe(404);
      expect((await fetchFile(`/files/${key}`, foreign.headers)).statusCode).toBe(404);
    }
  });

  it('serves it to the record’s provider and the platform by session header, never cached', async () => {
    for (const key of [licence, attachment]) {
      for (const op of [uploader, colleague, platform]) {
        const res = await fetchFile(`/files/${key}`, op.headers);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.rawPayload.equals(tinyPng)).toBe(true);
      }
    }
  });

  it('signs a link, good for minutes, only for who may read the file; a foreign provider cannot mint one', async () => {
    for (const key of [licence, attachment]) {
      const refused = await link(foreign, key);
      expect(refused.errCode).toBe(404001);
      const minted = await link(colleague, key);
      expect(minted.errCode, minted.errMsg).toBe(0);
      expect(minted.data.url.startsWith(`${PUBLIC_URL}/files/${key}?exp=`)).toBe(true);
      const minutes = (Date.parse(minted.data.expiresAt!) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(5);
      expect(minutes).toBeLessThanOrEqual(10);
      // The link works without any header: that is what an <img> sends.
      const res = await fetchFile(pathOf(minted.data.url));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('refuses a tampered, a borrowed or an expired link', async () => {
    const { data } = await link(uploader, licence);
    const url = new URL(data.url);
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const tampered = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await fetchFile(`/files/${licence}?exp=${exp}&sig=${tampered}`)).statusCode).toBe(404);
    // A later expiry with the same signature is not ours.
    expect((await fetchFile(`/files/${licence}?exp=${Number(exp) + 3600}&sig=${sig}`)).statusCode).toBe(404);
    // The licence's signature does not open the contract.
    expect((await fetchFile(`/files/${attachment}?exp=${exp}&sig=${sig}`)).statusCode).toBe(404);
    const old = signLink(Buffer.from(SECRET), licence, Date.now() - 11 * 60_000);
    expect((await fetchFile(`/files/${licence}?exp=${old.exp}&sig=${old.sig}`)).statusCode).toBe(404);
    const fresh = signLink(Buffer.from(SECRET), licence);
    expect((await fetchFile(`/files/${licence}?exp=${fresh.exp}&sig=${fresh.sig}`)).statusCode).toBe(200);
  });

  it('lets the uploader preview a document no record holds yet, and no other provider operator', async () => {
    const pending = (await uploadForTest(t.app, uploader.headers, 'merchantDocument', tinyPng)).key;
    expect((await link(uploader, pending)).errCode).toBe(0);
    expect((await link(colleague, pending)).errCode).toBe(404001);
    expect((await fetchFile(`/files/${pending}`, colleague.headers)).statusCode).toBe(404);
    expect((await link(platform, pending)).errCode).toBe(0);
  });

  it('keeps public purposes public: served to anyone, cached for good, their link is the plain URL', async () => {
    const avatar = await uploadForTest(t.app, colleague.headers, 'avatar', tinyPng);
    const res = await fetchFile(`/files/${avatar.key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await link(foreign, avatar.key);
    expect(plain.data).toEqual({ url: `${PUBLIC_URL}/files/${avatar.key}`, expiresAt: null });
    expect((await link(foreign, `${'c'.repeat(32)}.png`)).errCode).toBe(404001);
  });

  it('keeps one signing key in the database when none is configured, the same for every process', async () => {
    const db = t.database.db;
    const first = await loadLinkSecret(db, undefined);
    const second = await loadLinkSecret(db, undefined);
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    expect((await loadLinkSecret(db, SECRET)).toString()).toBe(SECRET);
  });
});
