import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestOperator } from '../../test/operators.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { SessionStore } from './sessions.js';

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

  it('answers from memory only what resolve would, and leaves lookups and lastSeenAt writes to resolve', async () => {
    const sessions = t.app.sessions;
    const op = await createTestOperator(t, { adminType: 0, permissions: ['accountMgt'] });
    sessions.forgetAll();
    expect(sessions.fromCache(op.token)).toBeUndefined();
    const resolved = await sessions.resolve(op.token);
    expect(sessions.fromCache(op.token)).toBe(resolved);
    expect(sessions.fromCache('')).toBeNull();

    // A revocation on this process leaves nothing in memory: the database answers (no).
    await sessions.revokeToken(t.database.db, op.token, 'logout');
    expect(sessions.fromCache(op.token)).toBeUndefined();
    expect(await sessions.resolve(op.token)).toBeNull();
  });

  it('refuses from memory a cached session that went idle, as resolve does', async () => {
    const sessions = t.app.sessions;
    const op = await createTestOperator(t, { adminType: 0, permissions: [] });
    const lastSeen = Date.now() - 59_000;
    await t.database.db
      .updateTable('session')
      .set({ lastSeenAt: new Date(lastSeen).toISOString() })
      .where('adminId', '=', op.adminId)
      .execute();
    sessions.forgetAll();
    expect(await sessions.resolve(op.token)).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'], now: lastSeen + 60_500 });
    try {
      expect(sessions.fromCache(op.token)).toBeNull();
      expect(await sessions.resolve(op.token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a session due its lastSeenAt write to resolve, which writes it', async () => {
    const store = new SessionStore(t.database.db, { SESSION_IDLE_MINUTES: 120, SESSION_ABSOLUTE_HOURS: 24 });
    const op = await createTestOperator(t, { adminType: 0, permissions: [] });
    const lastSeen = Date.now() - 59_000;
    const seenAt = () =>
      t.database.db
        .selectFrom('session')
        .select('lastSeenAt')
        .where('adminId', '=', op.adminId)
        .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('session')
      .set({ lastSeenAt: new Date(lastSeen).toISOString(), idleMinutes: 120 })
      .where('adminId', '=', op.adminId)
      .execute();
    expect(await store.resolve(op.token)).not.toBeNull();
    expect(store.fromCache(op.token)).not.toBeUndefined();
    vi.useFakeTimers({ toFake: ['Date'], now: lastSeen + 61_000 });
    try {
      expect(store.fromCache(op.token)).toBeUndefined();
      expect(await store.resolve(op.token)).not.toBeNull();
      expect(Date.parse((await seenAt()).lastSeenAt)).toBe(lastSeen + 61_000);
      expect(store.fromCache(op.token)?.id).toBe(op.adminId);
    } finally {
      vi.useRealTimers();
      store.forgetAll();
    }
  });
});
