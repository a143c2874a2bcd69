import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('resolves a live token to its operator with the permissions of its roles', async () => {
    const op = await createTestOperator(t, { adminType: 0, permissions: ['accountMgt', 'saasAdmin.create'] });
    const operator = await t.app.sessions.resolve(op.token);
    expect(operator?.id).toBe(op.adminId);
    expect([...(operator?.permissions ?? [])].sort()).toEqual(['accountMgt', 'saasAdmin.create']);
  });

  it('confines a provider operator to their provider and drops permissions of a frozen provider', async () => {
    const op = await createTestOperator(t, { adminType: 1, permissions: ['storeManagement'] });
    expect((await t.app.sessions.resolve(op.token))?.permissions.has('storeManagement')).toBe(true);
    await t.database.db.updateTable('agent').set({ status: 2 }).where('id', '=', op.agentId).execute();
    t.app.sessions.forgetAll();
    expect((await t.app.sessions.resolve(op.token))?.permissions.size).toBe(0);
  });

  it('refuses an unknown, a revoked and an idle-expired token', async () => {
    expect(await t.app.sessions.resolve('nonsense')).toBeNull();
    const op = await createTestOperator(t, { adminType: 0, permissions: [] });
    await t.app.sessions.revokeToken(t.database.db, op.token, 'logout');
    expect(await t.app.sessions.resolve(op.token)).toBeNull();

    const idle = await createTestOperator(t, { adminType: 0, permissions: [] });
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await t.database.db
      .updateTable('session')
      .set({ lastSeenAt: twoMinutesAgo })
      .where('adminId', '=', idle.adminId)
      .execute();
    expect(await t.app.sessions.resolve(idle.token)).toBeNull();
  });

  it('refuses the session of a disabled account', async () => {
    const op = await createTestOperator(t, { adminType: 0, permissions: [] });
    await t.database.db.updateTable('admin').set({ open: 0 }).where('id', '=', op.adminId).execute();
    t.app.sessions.forgetAdmin(op.adminId);
    expect(await t.app.sessions.resolve(op.token)).toBeNull();
  });

  it('forgets a cached lookup once it is past trusting, so idle sockets hold no session copies', async () => {
    const op = await createTestOperator(t, { adminType: 1, permissions: ['storeManagement'] });
    t.app.sessions.forgetAll();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      expect(await t.app.sessions.resolve(op.token)).not.toBeNull();
      expect(t.app.sessions.cachedCount).toBe(1);
      vi.advanceTimersByTime(2_000);
      expect(t.app.sessions.cachedCount).toBe(1);
      vi.advanceTimersByTime(4_000);
      expect(t.app.sessions.cachedCount).toBe(0);
      // The token still resolves, from the database.
      expect((await t.app.sessions.resolve(op.token))?.id).toBe(op.adminId);
    } finally {
      vi.useRealTimers();
    }
  });
});
