import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { createTestOperator } from '../../../test/operators.js';
import { openReadySocket } from '../../realtime/ws-test-client.js';
import { call, codeAt, enrol, requireByRole } from './test-kit.js';

const base = '/api/adminLogin/secondFactor';

describe('个人中心 → 两步验证: enrol, disable, recovery codes; the platform reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('enrols with a code from the new key, answers ten recovery codes once and never the key again', async () => {
    const op = await createTestOperator(t, { adminType: 0, permissions: ['accountMgt'] });
    const started = await call(t, op.headers, 'POST', `${base}/start`, {});
    expect(started.errCode).toBe(0);
    const secret = String(started.data?.secret);
    expect(started.data?.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect((await call(t, op.headers, 'GET', `${base}/status`)).data).toMatchObject({ enrolled: false });

    const wrong = await call(t, op.headers, 'POST', `${base}/confirm`, { code: '000000' });
    expect(wrong).toMatchObject({ errCode: 400227, fieldErrors: { code: '验证码错误或已过期' } });
    const ok = await call(t, op.headers, 'POST', `${base}/confirm`, { code: await codeAt(secret) });
    expect(ok.errCode).toBe(0);
    const codes = ok.data?.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await call(t, op.headers, 'GET', `${base}/status`);
    expect(status.data).toMatchObject({ enrolled: true, required: false, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.data)).not.toContain(secret);
    // Stored sealed, the codes hashed: neither appears in the rows.
    const row = await t.database.db
      .selectFrom('secondFactor')
      .where('adminId', '=', op.adminId)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    const hashes = await t.database.db
      .selectFrom('secondFactorRecoveryCode')
      .where('adminId', '=', op.adminId)
      .select('codeHash')
      .execute();
    expect(hashes.map((h) => h.codeHash).join()).not.toContain(codes[0]?.replace('-', ''));
    // A second enrolment over the live one is refused.
    expect((await call(t, op.headers, 'POST', `${base}/start`, {})).errCode).toBe(409003);
  });

  it('disables only with a current code, and an accepted code is not accepted twice', async () => {
    const op = await createTestOperator(t, { adminType: 1, permissions: ['store'] });
    const { secret } = await enrol(t, op);
    const code = await codeAt(secret);
    expect((await call(t, op.headers, 'POST', `${base}/recoveryCodes`, { code })).errCode).toBe(0);
    // The same code again, in its own window: a replay.
    expect((await call(t, op.headers, 'POST', `${base}/disable`, { code })).errCode).toBe(400227);
    expect((await call(t, op.headers, 'POST', `${base}/disable`, { code: '123456' })).errCode).toBe(400227);
    expect((await call(t, op.headers, 'POST', `${base}/disable`, { code: await codeAt(secret, 1) })).errCode).toBe(0);
    expect((await call(t, op.headers, 'GET', `${base}/status`)).data).toMatchObject({
      enrolled: false,
      recoveryCodesLeft: 0,
    });
  });

  it('new recovery codes replace the old; a recovery code works once', async () => {
    const op = await createTestOperator(t, { adminType: 0, permissions: ['accountMgt'] });
    const { secret, recoveryCodes: old } = await enrol(t, op);
    const fresh = await call(t, op.headers, 'POST', `${base}/recoveryCodes`, { code: await codeAt(secret) });
    const codes = fresh.data?.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect((await call(t, op.headers, 'POST', `${base}/recoveryCodes`, { code: old[0] })).errCode).toBe(400227);
    const once = await call(t, op.headers, 'POST', `${base}/recoveryCodes`, { code: codes[0]?.toUpperCase() });
    expect(once.errCode).toBe(0);
    const again = await call(t, op.headers, 'POST', `${base}/disable`, {
      code: (once.data?.recoveryCodes as string[])[0],
    });
    expect(again.errCode).toBe(0);
  });

  it('a requiring role keeps the factor on', async () => {
    const op = await createTestOperator(t, { adminType: 0, permissions: ['accountMgt'] });
    const { secret } = await enrol(t, op);
    await requireByRole(t, op.adminId);
    expect((await call(t, op.headers, 'GET', `${base}/status`)).data).toMatchObject({ required: true });
    const refused = await call(t, op.headers, 'POST', `${base}/disable`, { code: await codeAt(secret) });
    expect(refused).toMatchObject({ errCode: 409003, errMsg: '所属角色要求两步验证，不能停用' });
  });

  it('a platform admin resets another account: logged, and the provider operator is told by a system message', async () => {
    const admin = await createTestOperator(t, { adminType: 0, permissions: ['saasAdmin.resetSecondFactor'] });
    const owner = await createTestOperator(t, { adminType: 1, permissions: ['store'] });
    await enrol(t, owner);
    const reset = (id: number | string, headers = admin.headers) =>
      call(t, headers, 'POST', `/api/saasAdmin/resetSecondFactor?id=${id}`, {});

    const noRight = await createTestOperator(t, { adminType: 0, permissions: ['accountMgt'] });
    expect((await reset(owner.adminId, noRight.headers)).errCode).toBe(403001);
    expect((await reset(owner.adminId, owner.headers)).errCode).toBe(403001);
    expect((await reset(987654321)).errCode).toBe(404001);

    expect((await reset(owner.adminId)).errCode).toBe(0);
    expect((await call(t, owner.headers, 'GET', `${base}/status`)).data).toMatchObject({ enrolled: false });
    expect((await reset(owner.adminId)).errCode).toBe(409003);

    const inbox = await call(t, owner.headers, 'POST', '/api/saasMessageAgentUser/page', { offset: 1, size: 10 });
    expect(inbox.data?.list).toEqual([
      expect.objectContaining({ messageTitle: '您的两步验证已被管理员重置', status: 0 }),
    ]);
    const notice = await t.database.db
      .selectFrom('saasMessage')
      .where('title', '=', '您的两步验证已被管理员重置')
      .select(['kind', 'link'])
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({ kind: 'notice', link: '/profile/index' });
    const logged = await t.database.db
      .selectFrom('operationLog')
      .where('targetId', '=', String(owner.adminId))
      .where('operatorId', '=', admin.adminId)
      .where('result', '=', 1)
      .selectAll()
      .execute();
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).toContain('重置两步验证');
  });

  it('a reset of a platform account tells that account in its own inbox and bell', async () => {
    const admin = await createTestOperator(t, { adminType: 0, permissions: ['saasAdmin.resetSecondFactor'] });
    const owner = await createTestOperator(t, { adminType: 0, permissions: ['accountMgt'] });
    await enrol(t, owner);
    const socket = await openReadySocket(t.app, owner.adminId, owner.token);
    const reset = await call(t, admin.headers, 'POST', `/api/saasAdmin/resetSecondFactor?id=${owner.adminId}`, {});
    expect(reset.errCode).toBe(0);
    const frame = await socket.next((e) => e.type === 'message');
    expect(frame).toMatchObject({ type: 'message', messageTitle: '您的两步验证已被管理员重置' });
    socket.close();
    const inbox = await call(t, owner.headers, 'POST', '/api/saasMessageAgentUser/page', { offset: 1, size: 10 });
    expect(inbox.data?.list).toEqual([
      expect.objectContaining({ messageTitle: '您的两步验证已被管理员重置', status: 0 }),
    ]);
    const adminInbox = await call(t, admin.headers, 'POST', '/api/saasMessageAgentUser/page', { offset: 1, size: 10 });
    expect(adminInbox.data?.total).toBe(0);
  });
});
