import {
  appVersionResource,
  companyGroupResource,
  contractResource,
  editionResource,
  enterpriseResource,
} from '@console/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import { createTestApp, type TestApp, testEngine } from '../../test/test-app.js';
import { nowIso } from '../lib/clock.js';
import { callApi, insertEnterprise } from '../modules/stores/test-fixtures.js';
import { deleteBlockers } from './delete-blockers.js';

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
// Tables no delete reaches, with their own rule (see delete-blockers.ts).
const neverDeleted = new Set(['agent', 'store', 'hardwareOrder']);

interface ForeignKey {
  child: string;
  col: string;
  parent: string;
}

/** Every foreign key that refuses a delete (no CASCADE, no SET NULL), from the migrated schema. */
async function refusingForeignKeys(t: TestApp): Promise<ForeignKey[]> {
  const db = t.database.db;
  const rows =
    testEngine === 'sqlite'
      ? await sql<ForeignKey>`select m.name as child, f."from" as col, f."table" as parent
          from sqlite_master m, pragma_foreign_key_list(m.name) f
          where m.type = 'table' and f.on_delete not in ('CASCADE', 'SET NULL')`.execute(db)
      : await sql<ForeignKey>`select c.relname as child, a.attname as col, p.relname as parent
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_class p on p.oid = k.confrelid
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
          join pg_namespace n on n.oid = k.connamespace
          where k.contype = 'f' and k.confdeltype not in ('c', 'n') and n.nspname = current_schema()`.execute(db);
  return rows.rows.map((r) => ({ child: camel(r.child), col: camel(r.col), parent: camel(r.parent) }));
}

describe('named delete refusals (issue 28)', () => {
  let t: TestApp;
  let op: TestOperator;
  let platform: TestOperator;
  let agentId: number;

  beforeAll(async () => {
    t = await createTestApp();
    agentId = await createTestAgent(t.database.db);
    op = await createTestOperator(t, {
      adminType: 1,
      agentId,
      permissions: ['enterprise.delete', 'contract.delete'],
    });
    platform = await createTestOperator(t, { adminType: 0, permissions: ['edition.delete'] });
  });
  afterAll(() => t.close());

  it('lists every reference of the schema that refuses a delete, so none answers a bare 存在关联数据', async () => {
    const declared = Object.entries(deleteBlockers).flatMap(([parent, list]) =>
      list.map((b) => `${parent} ← ${b.table}.${b.column}`),
    );
    const schema = (await refusingForeignKeys(t))
      .filter((fk) => !neverDeleted.has(fk.parent))
      .map((fk) => `${fk.parent} ← ${fk.child}.${fk.col}`);
    expect(declared.sort()).toEqual(schema.sort());
  });

  it('refuses with the names the confirmation gives (the contract declares them as blockedBy)', () => {
    const byTable = {
      enterprise: enterpriseResource,
      contract: contractResource,
      edition: editionResource,
      companyGroup: companyGroupResource,
      appVersion: appVersionResource,
    };
    for (const [table, resource] of Object.entries(byTable)) {
      expect(resource.deleteEffect?.blockedBy, table).toEqual(deleteBlockers[table]?.map((b) => b.label));
    }
  });

  const now = () => ({ createdAt: nowIso(), updatedAt: nowIso() });
  const insertContract = async (enterpriseId: number) =>
    (
      await t.database.db
        .insertInto('contract')
        .values({
          agentId,
          contractNo: `HT${Date.now()}${Math.random()}`,
          partyType: 2,
          enterpriseId,
          title: '年度服务合同',
          amount: 100,
          signedDate: '2026-01-05',
          startDate: '2026-01-05',
          endDate: '2027-01-04',
          status: 1,
          attachmentUrl: '',
          remark: '',
          ...now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const insertCollection = (contractId: number | null, enterpriseId: number | null) =>
    t.database.db
      .insertInto('collection')
      .values({
        agentId,
        collectionNo: `SK${Date.now()}${Math.random()}`,
        contractId,
        enterpriseId,
        payer: '付款方',
        amount: 100,
        method: 1,
        collectedAt: nowIso(),
        status: 1,
        remark: '',
        ...now(),
      })
      .execute();

  it('names what keeps an enterprise: its contracts and collections', async () => {
    const enterpriseId = await insertEnterprise(t.database.db, agentId);
    const contractId = await insertContract(enterpriseId);
    await insertCollection(null, enterpriseId);
    const res = await callApi(t, op, 'GET', `/enterprise/delete?id=${enterpriseId}`);
    expect(res).toMatchObject({ errCode: 409003, errMsg: '该企业还有合同、收款记录，无法删除' });

    const contract = await callApi(t, op, 'GET', `/contract/delete?id=${contractId}`);
    expect(contract.errCode).toBe(0);
    await t.database.db.deleteFrom('collection').where('enterpriseId', '=', enterpriseId).execute();
    expect((await callApi(t, op, 'GET', `/enterprise/delete?id=${enterpriseId}`)).errCode).toBe(0);
  });

  it('names the collections that keep a contract', async () => {
    const contractId = await insertContract(await insertEnterprise(t.database.db, agentId));
    await insertCollection(contractId, null);
    const res = await callApi(t, op, 'GET', `/contract/delete?id=${contractId}`);
    expect(res).toMatchObject({ errCode: 409003, errMsg: '该合同还有收款记录，无法删除' });
  });

  it('names the free authorisation codes that keep an edition', async () => {
    const edition = await t.database.db
      .insertInto('edition')
      .values({
        name: '测试版',
        code: `e${Date.now()}`,
        webPrice: 0,
        staffAppletPrice: 0,
        maxRooms: 0,
        features: '[]',
        sort: 0,
        status: 1,
        remark: '',
        ...now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('freeAuthCode')
      .values({
        agentId,
        code: `F${Date.now()}`,
        editionId: edition.id,
        days: 30,
        status: 0,
        storeId: null,
        expireDate: '2027-01-01',
        usedAt: null,
        remark: '',
        ...now(),
      })
      .execute();
    const res = await callApi(t, platform, 'GET', `/edition/delete?id=${edition.id}`);
    expect(res).toMatchObject({ errCode: 409003, errMsg: '该版本还有免授权码，无法删除' });
  });
});
