import { errors } from '@console/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReadySocket } from '../../realtime/ws-test-client.js';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, testEngine, type TestApp } from '../../../test/test-app.js';
import { storeReferrers } from './store-purge.js';
import { callApi, insertEnterprise, insertGateway, insertStore } from './test-fixtures.js';

type Store = { id: string; name: string; status: number; version: number; rejectReason: string };
type Page = { total: number; list: Store[] };

describe('store review: the badge, the provider told why, and the recycle bin', () => {
  let t: TestApp;
  let agentA: number;
  let entA: number;
  let provider: TestOperator;
  let platform: TestOperator;
  let watcher: TestOperator;

  const pending = async () => (await callApi<number>(t, platform, 'POST', '/saasRole/getPendingApplication')).data;
  const apply = async (name: string) => {
    const res = await callApi<Store>(t, provider, 'POST', '/store/create', {
      name,
      enterpriseId: String(entA),
      storeType: 1,
      region: '',
      address: '',
      contactName: '',
      contactPhone: '',
      remark: '',
    });
    expect(res.errCode, res.errMsg).toBe(0);
    return res.data;
  };
  const binned = async (id: string) => (await callApi<Store>(t, platform, 'GET', `/store/recycleGet?id=${id}`)).data;

  beforeAll(async () => {
    t = await createTestApp();
    agentA = await createTestAgent(t.database.db);
    entA = await insertEnterprise(t.database.db, agentA, '杭州悦泉休闲');
    provider = await createTestOperator(t, {
      adminType: 1,
      agentId: agentA,
      permissions: ['store.page', 'store.create', 'store.delete', 'saasMessageAgentUser.page'],
    });
    const review = [
      'storeApplication',
      'storeApplication.page',
      'storeApplication.get',
      'store.approve',
      'store.reject',
      'recycleStore.page',
      'recycleStore.get',
      'store.restore',
      'store.purge',
    ];
    platform = await createTestOperator(t, { adminType: 0, permissions: review });
    watcher = await createTestOperator(t, { adminType: 0, permissions: ['storeApplication'] });
  });
  afterAll(() => t.close());

  it('the pending count follows every new application, approval and rejection, and every platform socket hears it', async () => {
    const before = await pending();
    const sockets = await Promise.all([
      openReadySocket(t.app, platform.adminId, platform.token),
      openReadySocket(t.app, watcher.adminId, watcher.token),
    ]);
    const heard = () =>
      Promise.all(
        sockets.map((s) => {
          const seen = s.frames.length;
          return s.next(
            (e) => s.frames.indexOf(e) >= seen && e.type === 'resourceChanged' && e.resource === 'storeApplication',
          );
        }),
      );

    let news = heard();
    const first = await apply('悦泉一号店');
    await news;
    news = heard();
    const second = await apply('悦泉二号店');
    await news;
    expect(await pending()).toBe(before + 2);

    news = heard();
    expect(
      (await callApi(t, platform, 'POST', '/store/approve', { id: first.id, version: first.version })).errCode,
    ).toBe(0);
    await news;
    expect(await pending()).toBe(before + 1);

    news = heard();
    const rejected = await callApi<Store>(t, platform, 'POST', '/store/reject', {
      id: second.id,
      version: second.version,
      reason: '门头照片与地址不符',
    });
    expect(rejected.errCode).toBe(0);
    await news;
    expect(await pending()).toBe(before);
    for (const s of sockets) s.close();
  });

  it('the queue lists only pending stores; a rejection needs a reason and reaches the provider as a message', async () => {
    const store = await apply('悦泉三号店');
    const queue = await callApi<Page>(t, platform, 'POST', '/store/applicationPage', { keyword: '悦泉' });
    expect(queue.data.list.map((s) => s.id)).toEqual([store.id]);
    const bare = await callApi(t, platform, 'POST', '/store/reject', {
      id: store.id,
      version: store.version,
      reason: '',
    });
    expect(bare.errCode).toBe(errors.validation.code);
    expect(bare.fieldErrors?.reason).toBeTruthy();
    await callApi(t, platform, 'POST', '/store/reject', {
      id: store.id,
      version: store.version,
      reason: '缺少营业执照',
    });
    const inbox = await callApi<{ list: { messageTitle: string; id: string }[] }>(
      t,
      provider,
      'POST',
      '/saasMessageAgentUser/page',
      { offset: 1, size: 10 },
    );
    expect(inbox.data.list.map((m) => m.messageTitle)).toContain('开店申请未通过：悦泉三号店');
    const message = await t.database.db
      .selectFrom('saasMessage')
      .where('title', '=', '开店申请未通过：悦泉三号店')
      .select('content')
      .executeTakeFirstOrThrow();
    expect(message.content).toContain('驳回原因：缺少营业执照');
    expect((await binned(store.id)).rejectReason).toBe('缺少营业执照');
  });

  it('deletes for good only a recycled store, by its exact name, when nothing references it', async () => {
    const { storeId } = await insertStore(t.database.db, agentA, { enterpriseId: entA, name: '悦泉待删店' });
    const id = String(storeId);
    // Not in the bin yet: the bin's endpoints do not reach it.
    expect((await callApi(t, platform, 'GET', `/store/references?id=${id}`)).errCode).toBe(404001);
    expect((await callApi(t, provider, 'GET', `/store/delete?id=${id}`)).errCode).toBe(0);
    const gateway = await insertGateway(t.database.db, agentA, storeId);
    let store = await binned(id);

    expect((await callApi(t, platform, 'GET', `/store/references?id=${id}`)).data).toEqual([
      { kind: 'gateway_device', label: '网关设备', count: 1 },
    ]);
    const wrongName = await callApi(t, platform, 'POST', '/store/purge', { id, version: store.version, name: '悦泉' });
    expect(wrongName.fieldErrors?.name).toBe('门店名称不一致，请输入完整的门店名称');
    const referenced = await callApi(t, platform, 'POST', '/store/purge', {
      id,
      version: store.version,
      name: '悦泉待删店',
    });
    expect(referenced.errCode).toBe(errors.stateConflict.code);
    expect(referenced.errMsg).toBe('该门店仍被以下数据引用，无法彻底删除：网关设备 1 条');

    await t.database.db.deleteFrom('gatewayDevice').where('id', '=', gateway.id).execute();
    store = await binned(id);
    const stale = await callApi(t, platform, 'POST', '/store/purge', {
      id,
      version: store.version + 1,
      name: '悦泉待删店',
    });
    expect(stale.errCode).toBe(errors.versionConflict.code);
    const purged = await callApi(t, platform, 'POST', '/store/purge', {
      id,
      version: store.version,
      name: '悦泉待删店',
    });
    expect(purged.errCode, purged.errMsg).toBe(0);
    expect(
      await t.database.db.selectFrom('store').where('id', '=', storeId).select('id').executeTakeFirst(),
    ).toBeUndefined();
    const log = await t.database.db
      .selectFrom('operationLog')
      .where('targetId', '=', id)
      .where('action', 'like', '彻底删除门店%')
      .select(['result'])
      .execute();
    expect(log.some((r) => r.result === 1)).toBe(true);
  });

  it('answers missing and malformed ids as missing, and refuses provider operators', async () => {
    for (const url of ['/store/references?id=99999999', '/store/references?id=abc', '/store/recycleGet?id=99999999']) {
      expect((await callApi(t, platform, 'GET', url)).errCode, url).toBe(404001);
    }
    expect(
      (await callApi(t, platform, 'POST', '/store/purge', { id: '99999999', version: 1, name: '任意' })).errCode,
    ).toBe(404001);
    for (const id of ['99999999', 'abc']) {
      for (const url of ['/store/restore', '/store/approve']) {
        expect((await callApi(t, platform, 'POST', url, { id, version: 1 })).errCode, `${url} ${id}`).toBe(404001);
      }
    }
    for (const [method, url, body] of [
      ['POST', '/store/applicationPage', {}],
      ['POST', '/store/recyclePage', {}],
      ['POST', '/store/purge', { id: '1', version: 1, name: 'x' }],
      ['GET', '/store/references?id=1', undefined],
    ] as const) {
      expect((await callApi(t, provider, method, url, body)).res.statusCode, url).toBe(403);
    }
  });

  it('names every table whose rows reference a store', async () => {
    const rows =
      testEngine === 'postgres'
        ? await sql<{ name: string }>`
            select distinct tc.table_name as name
            from information_schema.table_constraints tc
            join information_schema.constraint_column_usage cu
              on cu.constraint_name = tc.constraint_name and cu.constraint_schema = tc.constraint_schema
            where tc.constraint_type = 'FOREIGN KEY' and cu.table_name = 'store'
              and tc.table_schema = current_schema()`.execute(t.database.db)
        : await sql<{ name: string }>`
            select distinct m.name as name from sqlite_master m, pragma_foreign_key_list(m.name) f
            where m.type = 'table' and f."table" = 'store'`.execute(t.database.db);
    expect(rows.rows.map((r) => r.name).sort()).toEqual(storeReferrers.map((r) => r.table).sort());
  });
});
