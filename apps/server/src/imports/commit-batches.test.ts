import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp, type TestOperator } from '../../test/app-with-operator.js';
import { callApi } from '../modules/stores/test-fixtures.js';
import type { ValidRow } from './check-rows.js';
import { DRAFT, STALLED_MS } from './commit-batches.js';
import { registerTable } from './register-table.js';

const mac = (prefix: number, i: number) =>
  [prefix, 0, 0, (i >> 8) & 255, i & 255, 0].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
const csv = (prefix: number, rows: number) =>
  Buffer.from(`MAC地址\n${Array.from({ length: rows }, (_, i) => mac(prefix, i)).join('\n')}\n`).toString('base64');

describe('an import commit written in batches stays all or nothing', () => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({ permissions: ['macAddress.import', 'macAddress.create'] }));
  });
  afterAll(async () => {
    await t.close();
  });

  const preview = async (prefix: number, rows: number) => {
    const res = await callApi<{ importId: string; valid: number }>(t, admin, 'POST', '/macAddress/import/preview', {
      fileName: 'macs.csv',
      content: csv(prefix, rows),
    });
    expect(res.errCode, res.errMsg).toBe(0);
    expect(res.data.valid).toBe(rows);
    return Number(res.data.importId);
  };
  const draftOf = (id: number) =>
    t.database.db.selectFrom('registerImport').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stored = async (prefix: number) =>
    (
      await t.database.db
        .selectFrom('macAddress')
        .select('mac')
        .where('mac', 'like', `${mac(prefix, 0).slice(0, 3)}%`)
        .orderBy('mac')
        .execute()
    ).map((r) => r.mac);
  /** The first `count` rows of a draft written into the register, as a commit's batches write them. */
  const writeAsTheImportDid = async (id: number, count: number) => {
    const now = new Date().toISOString();
    const rows = (JSON.parse((await draftOf(id)).rows) as ValidRow[]).slice(0, count);
    // Named as bindImport names it: a register chosen at run time.
    const table: string = 'macAddress';
    await registerTable(t.database.db)
      .insertInto(table)
      .values(rows.map((r) => ({ ...r.values, createdAt: now, updatedAt: now })))
      .execute();
  };
  const commit = (id: number) =>
    callApi<{ inserted: number; errors: { row: number; message: string }[] }>(
      t,
      admin,
      'POST',
      '/macAddress/import/commit',
      { importId: String(id) },
    );

  it('takes the batches already written out again when a later one fails, and the file can be committed again', async () => {
    const id = await preview(0x41, 1_200);
    // Another writer's row slips into the draft's last batch (past the commit's own check): its
    // insert fails on the unique index after twelve batches of 100 were committed.
    const draft = await draftOf(id);
    const rows = JSON.parse(draft.rows) as ValidRow[];
    const clash = { row: 9_999, values: rows[0]!.values };
    await t.database.db
      .updateTable('registerImport')
      .set({ rows: JSON.stringify([...rows, clash]) })
      .where('id', '=', id)
      .execute();
    const failed = await commit(id);
    expect(failed.errCode).not.toBe(0);
    expect(await stored(0x41)).toEqual([]);
    expect(await draftOf(id)).toMatchObject({ status: DRAFT.previewed, inserted: 0 });

    await t.database.db.updateTable('registerImport').set({ rows: draft.rows }).where('id', '=', id).execute();
    const done = await commit(id);
    expect(done.errCode, done.errMsg).toBe(0);
    expect(done.data.inserted).toBe(1_200);
    expect(await stored(0x41)).toHaveLength(1_200);
    expect(await draftOf(id)).toMatchObject({ status: DRAFT.committed, inserted: 1_200 });
  });

  it('refuses a second commit while the first is writing', async () => {
    const id = await preview(0x42, 3);
    await t.database.db
      .updateTable('registerImport')
      .set({ status: DRAFT.importing, updatedAt: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const second = await commit(id);
    expect(second.errCode).toBe(409003);
    expect(second.errMsg).toBe('该文件正在导入，请稍候');
    expect(await stored(0x42)).toEqual([]);
  });

  it("takes out what a commit that died mid-way wrote, and only that: a key it never wrote stays another's", async () => {
    const id = await preview(0x43, 3);
    const [first, second, third] = [0, 1, 2].map((i) => mac(0x43, i));
    // The process was killed after writing the first two rows; since then another operator
    // added the third MAC by hand.
    await writeAsTheImportDid(id, 2);
    await t.database.db
      .updateTable('registerImport')
      .set({ status: DRAFT.importing, inserted: 2, updatedAt: new Date(Date.now() - STALLED_MS - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const byHand = await callApi(t, admin, 'POST', '/macAddress/create', { mac: third, batchNo: '', remark: '手工' });
    expect(byHand.errCode, byHand.errMsg).toBe(0);

    const done = await commit(id);
    expect(done.errCode, done.errMsg).toBe(0);
    expect(done.data.inserted).toBe(2);
    expect(done.data.errors).toEqual([expect.objectContaining({ row: 4, message: '系统中已存在' })]);
    const rows = await t.database.db
      .selectFrom('macAddress')
      .select(['mac', 'remark'])
      .where('mac', 'in', [first!, second!, third!])
      .orderBy('mac')
      .execute();
    expect(rows).toEqual([
      { mac: first, remark: '' },
      { mac: second, remark: '' },
      { mac: third, remark: '手工' },
    ]);
  });

  it('a preview of the register also takes a dead commit out, so its rows do not linger', async () => {
    const id = await preview(0x44, 2);
    await writeAsTheImportDid(id, 1);
    await t.database.db
      .updateTable('registerImport')
      .set({ status: DRAFT.importing, inserted: 1, updatedAt: new Date(Date.now() - STALLED_MS - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    await preview(0x45, 1);
    expect(await stored(0x44)).toEqual([]);
    expect(await draftOf(id)).toMatchObject({ status: DRAFT.previewed, inserted: 0 });
  });
});
