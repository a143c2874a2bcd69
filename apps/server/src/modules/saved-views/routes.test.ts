import type { SavedView, SavedViewState } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { type TestOperator, createTestAgent, createTestOperator } from '../../../test/operators.js';
import { insertEnterprise } from '../stores/test-fixtures.js';

interface Answer<T> {
  status: number;
  errCode: number;
  data: T;
  fieldErrors?: Record<string, string>;
}

describe('saved views', () => {
  let t: TestApp;
  let platform: TestOperator;
  let platformPeer: TestOperator;
  let agent1: TestOperator;
  let agent1staff: TestOperator;
  let agent2: TestOperator;
  let agent2staff: TestOperator;
  let unpermitted: TestOperator;
  let agent1Id: number;
  let agent2Id: number;

  const call = async <T>(op: TestOperator, method: 'GET' | 'POST', path: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url: `/api/savedView/${path}`,
      headers: op.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, ...res.json<Omit<Answer<T>, 'status'>>() };
  };
  const list = async (op: TestOperator, listKey = 'store') =>
    (await call<{ list: SavedView[] }>(op, 'GET', `list?listKey=${listKey}`)).data?.list ?? [];
  const state = (patch: Partial<SavedViewState> = {}): SavedViewState => ({
    filters: { status: 1, keyword: '西湖' },
    sort: { field: 'name', order: 'ascend' },
    size: 50,
    columns: { order: ['name', 'status'], hidden: ['remark'], widths: { name: 180 } },
    ...patch,
  });
  const create = (op: TestOperator, body: object) =>
    call<{ id: string }>(op, 'POST', 'create', { listKey: 'store', share: 'private', state: state(), ...body });

  beforeAll(async () => {
    ({ t, operator: platform } = await appWithOperator({ permissions: ['store.page'] }));
    platformPeer = await createTestOperator(t, { adminType: 0, permissions: ['store.page'] });
    unpermitted = await createTestOperator(t, { adminType: 0, permissions: [] });
    agent1Id = await createTestAgent(t.database.db);
    agent2Id = await createTestAgent(t.database.db);
    const op = (adminType: 1 | 2, agentId: number) =>
      createTestOperator(t, { adminType, agentId, permissions: ['store.page'] });
    agent1 = await op(1, agent1Id);
    agent1staff = await op(2, agent1Id);
    agent2 = await op(1, agent2Id);
    agent2staff = await op(2, agent2Id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves a view and reads it back with its state; the write is in the operation log', async () => {
    const made = await create(platform, { name: '西湖正常门店' });
    expect(made.errCode).toBe(0);
    const [view] = (await list(platform)).filter((v) => v.id === made.data.id);
    expect(view).toMatchObject({ name: '西湖正常门店', state: state(), mine: true, share: 'private', unavailable: [] });
    const log = await t.database.db
      .selectFrom('operationLog')
      .select(['resource', 'targetId', 'result'])
      .where('targetId', '=', made.data.id)
      .where('resource', '=', 'savedView')
      .execute();
    expect(log).toEqual([{ resource: 'savedView', targetId: made.data.id, result: 1 }]);
  });

  it('refuses a list the operator may not read, a list that does not exist and a duplicate name', async () => {
    expect((await create(unpermitted, { name: '看不到' })).errCode).toBe(403001);
    expect((await call(unpermitted, 'GET', 'list?listKey=store')).errCode).toBe(403001);
    expect((await create(platform, { name: '无此列表', listKey: 'noSuchList' })).fieldErrors).toHaveProperty('listKey');
    await create(platform, { name: '同名' });
    const again = await create(platform, { name: '同名' });
    expect(again.fieldErrors).toEqual({ name: '已有同名视图' });
  });

  it('keeps column widths; a view stored before widths existed reads with none', async () => {
    const made = await create(platform, {
      name: '列宽',
      state: state({ columns: { order: [], hidden: [], widths: { name: 40, remark: 800 } } }),
    });
    expect((await list(platform)).find((v) => v.id === made.data.id)?.state.columns.widths).toEqual({
      name: 40,
      remark: 800,
    });
    const older = { ...state(), columns: { order: ['name'], hidden: [] } };
    await t.database.db
      .updateTable('savedView')
      .set({ state: JSON.stringify(older) })
      .where('id', '=', Number(made.data.id))
      .execute();
    expect((await list(platform)).find((v) => v.id === made.data.id)?.state.columns).toEqual({
      order: ['name'],
      hidden: [],
      widths: {},
    });
  });

  it('refuses a malformed state: unknown keys, bad sizes, oversized content', async () => {
    const bad = [
      { ...state(), extra: 1 },
      state({ size: 0 }),
      state({ columns: { order: [], hidden: [], widths: { name: 801 } } }),
      state({ columns: { order: [], hidden: [], widths: { name: 39 } } }),
      state({ filters: { status: { nested: { deep: 1 } } } as unknown as SavedViewState['filters'] }),
      state({ filters: Object.fromEntries(Array.from({ length: 39 }, (_, i) => [`f${i}`, 'x'.repeat(200)])) }),
      'not an object',
    ];
    for (const s of bad)
      expect((await create(platform, { name: `坏的${Math.random()}`, state: s })).errCode).toBe(400100);
    expect((await create(platform, { name: 'x'.repeat(31) })).errCode).toBe(400100);
  });

  it('lets only the owner edit or delete: another operator gets what a missing view answers', async () => {
    const made = await create(platform, { name: '只属于我' });
    const id = made.data.id;
    const missing = await call(platformPeer, 'POST', 'update', { id: '987654321', version: 1, name: '改名' });
    expect(missing.errCode).toBe(404001);
    const foreign = await call(platformPeer, 'POST', 'update', { id, version: 1, name: '改名' });
    expect({ ...foreign, requestId: undefined }).toEqual({ ...missing, requestId: undefined });
    const foreignDelete = await call(platformPeer, 'POST', `delete?id=${id}`);
    expect(foreignDelete.errCode).toBe(404001);
    expect((await call(agent1, 'POST', `delete?id=${id}`)).errCode).toBe(404001);
    expect((await list(platform)).some((v) => v.id === id)).toBe(true);

    expect((await call(platform, 'POST', 'update', { id, version: 1, name: '改过的名' })).errCode).toBe(0);
    // The same version again is stale now: refused, not silently overwritten.
    expect((await call(platform, 'POST', 'update', { id, version: 1, name: '再改' })).errCode).toBe(409001);
    expect((await list(platform)).find((v) => v.id === id)).toMatchObject({ name: '改过的名', version: 2 });
    expect((await call(platform, 'POST', `delete?id=${id}`)).errCode).toBe(0);
    expect((await list(platform)).some((v) => v.id === id)).toBe(false);
  });

  it("shows a provider admin's shared view to its staff only, never to another provider or the platform", async () => {
    const made = await create(agent1, { name: '本服务商共享', share: 'provider' });
    expect(made.errCode).toBe(0);
    const seen = (await list(agent1staff)).find((v) => v.id === made.data.id);
    expect(seen).toMatchObject({ mine: false, share: 'provider', state: state() });
    for (const other of [agent2, agent2staff, platform]) {
      expect((await list(other)).some((v) => v.id === made.data.id)).toBe(false);
      expect((await call(other, 'POST', 'setDefault', { listKey: 'store', id: made.data.id })).errCode).toBe(404001);
    }
    // Staff may read it, not change it.
    expect((await call(agent1staff, 'POST', 'update', { id: made.data.id, version: 1, name: '员工改' })).errCode).toBe(
      404001,
    );
    // Staff cannot share with the staff, and a provider cannot share with a platform role.
    expect((await create(agent1staff, { name: '员工共享', share: 'provider' })).fieldErrors).toHaveProperty('share');
    expect((await create(agent1, { name: '角色共享', share: 'role', roleId: '1' })).fieldErrors).toHaveProperty(
      'share',
    );
    // A private view stays with its owner, even inside the provider.
    const own = await create(agent1, { name: '管理员私有' });
    expect((await list(agent1staff)).some((v) => v.id === own.data.id)).toBe(false);
  });

  it('shares a platform view with the operators holding a role', async () => {
    const roleOf = async (op: TestOperator) =>
      (
        await t.database.db
          .selectFrom('adminRole')
          .select('roleId')
          .where('adminId', '=', op.adminId)
          .executeTakeFirstOrThrow()
      ).roleId;
    const peerRole = await roleOf(platformPeer);
    const made = await create(platform, { name: '共享给角色', share: 'role', roleId: String(peerRole) });
    expect(made.errCode).toBe(0);
    expect((await list(platformPeer)).find((v) => v.id === made.data.id)).toMatchObject({ mine: false, share: 'role' });
    const third = await createTestOperator(t, { adminType: 0, permissions: ['store.page'] });
    expect((await list(third)).some((v) => v.id === made.data.id)).toBe(false);
    expect((await list(agent1)).some((v) => v.id === made.data.id)).toBe(false);
    expect((await create(platform, { name: '无角色', share: 'role' })).fieldErrors).toHaveProperty('roleId');
  });

  it('keeps one default per operator and list; a shared view can be a viewer’s default', async () => {
    const a = await create(agent1, { name: '默认甲', share: 'provider' });
    const b = await create(agent1, { name: '默认乙' });
    const defaults = async (op: TestOperator) => (await list(op)).filter((v) => v.isDefault).map((v) => v.id);
    expect((await call(agent1, 'POST', 'setDefault', { listKey: 'store', id: a.data.id })).errCode).toBe(0);
    expect((await call(agent1, 'POST', 'setDefault', { listKey: 'store', id: b.data.id })).errCode).toBe(0);
    expect(await defaults(agent1)).toEqual([b.data.id]);
    expect(await defaults(agent1staff)).toEqual([]);
    expect((await call(agent1staff, 'POST', 'setDefault', { listKey: 'store', id: a.data.id })).errCode).toBe(0);
    expect(await defaults(agent1staff)).toEqual([a.data.id]);
    expect(await defaults(agent1)).toEqual([b.data.id]);
    // Clearing is the caller's own; deleting the view takes it out of everyone's default.
    expect((await call(agent1, 'POST', 'setDefault', { listKey: 'store', id: null })).errCode).toBe(0);
    expect(await defaults(agent1)).toEqual([]);
    expect((await call(agent1, 'POST', `delete?id=${a.data.id}`)).errCode).toBe(0);
    expect(await defaults(agent1staff)).toEqual([]);
  });

  it('answers a reference filter the viewer cannot see as unavailable, without its value', async () => {
    const foreignEnterprise = await insertEnterprise(t.database.db, agent2Id, '别家企业');
    const ownEnterprise = await insertEnterprise(t.database.db, agent1Id, '自家企业');
    const forged = await create(agent1, {
      name: '引用别家',
      share: 'provider',
      state: state({ filters: { enterpriseId: String(foreignEnterprise), agentId: String(agent2Id), status: 1 } }),
    });
    const fine = await create(agent1, {
      name: '引用自家',
      share: 'provider',
      state: state({ filters: { enterpriseId: String(ownEnterprise), agentId: String(agent1Id) } }),
    });
    const views = await list(agent1staff);
    const bad = views.find((v) => v.id === forged.data.id);
    expect(bad?.unavailable.sort()).toEqual(['agentId', 'enterpriseId']);
    expect(bad?.state.filters).toEqual({ status: 1 });
    const good = views.find((v) => v.id === fine.data.id);
    expect(good).toMatchObject({ unavailable: [], state: { filters: { enterpriseId: String(ownEnterprise) } } });
  });
});
