import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator } from '../../test/operators.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadAccountOperator } from './account-operator.js';

describe("loadAccountOperator (work done later on an account's behalf)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads the account as it stands now: its current grants, none once its provider is frozen', async () => {
    const agentId = await createTestAgent(t.database.db);
    const op = await createTestOperator(t, { adminType: 1, agentId, permissions: ['store.page', 'store.export'] });
    const now = await loadAccountOperator(t.database.db, op.adminId);
    expect([now?.id, now?.agentId, now?.adminType, now?.sessionId]).toEqual([op.adminId, agentId, 1, 0]);
    expect(now?.permissions.has('store.export')).toBe(true);
    await t.database.db.updateTable('agent').set({ status: 2 }).where('id', '=', agentId).execute();
    expect((await loadAccountOperator(t.database.db, op.adminId))?.permissions.size).toBe(0);
  });

  it('is null for a disabled or missing account', async () => {
    const op = await createTestOperator(t, { adminType: 0, permissions: ['store.page'] });
    expect((await loadAccountOperator(t.database.db, op.adminId))?.permissions.has('store.page')).toBe(true);
    await t.database.db.updateTable('admin').set({ open: 0 }).where('id', '=', op.adminId).execute();
    expect(await loadAccountOperator(t.database.db, op.adminId)).toBeNull();
    expect(await loadAccountOperator(t.database.db, 987_654_321)).toBeNull();
  });
});
