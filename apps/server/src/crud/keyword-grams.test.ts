import { COUNT_CAP, staffAppletUserResource } from '@console/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import { createTestApp, type TestApp, testEngine } from '../../test/test-app.js';
import { callApi, insertStore } from '../modules/stores/test-fixtures.js';
import { GRAM_SEEK_MAX, keywordGrams } from './keyword-grams.js';

/** A small deterministic PRNG, so a failure names a reproducible keyword. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

// Few characters, so bigrams repeat and the planner meets rare, common and absent grams alike.
const HAN = Array.from('门店王李张伟芳丽静军华明');
const LATIN = Array.from('AbCdxY');
const OTHER = Array.from('%_é ');

type Row = { id: string };

/**
 * The keyword filter through the gram index (migration 0180) returns exactly what a plain LIKE
 * returns, in the list's order and with the same total, on random data: Chinese, Latin in both
 * cases, digits and phone numbers, LIKE's own wildcard characters, 1-character keywords, rare and
 * common grams (more rows than GRAM_SEEK_MAX hold one of them, so both the seek and the walk run),
 * for every provider and filtered to one, after inserts, updates (of the searched columns and of
 * others) and deletes written straight to the table, which the triggers must follow.
 */
describe('keyword search through the gram index equals LIKE', () => {
  let t: TestApp;
  let admin: TestOperator;
  let agents: number[];
  let stores: number[];
  const next = random(16);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const text = (n: number, alphabet: readonly string[]) => Array.from({ length: n }, () => pick(alphabet)).join('');
  const nickname = () => {
    const r = next();
    // One row in two holds 门店: a gram held by more rows than GRAM_SEEK_MAX.
    const core = text(1 + Math.floor(next() * 3), r < 0.7 ? HAN : r < 0.9 ? LATIN : OTHER);
    return r < 0.5 ? `${core}门店${text(1, HAN)}` : core;
  };
  const phone = () => `1${text(10, Array.from('0123456789'))}`;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    agents = [await createTestAgent(db), await createTestAgent(db)];
    stores = [(await insertStore(db, agents[0]!)).storeId, (await insertStore(db, agents[1]!)).storeId];
    admin = await createTestOperator(t, { adminType: 0, permissions: ['staffApplet.page'] });
  });
  afterAll(async () => {
    await t.close();
  });

  async function insertRows(n: number): Promise<void> {
    for (let start = 0; start < n; start += 500) {
      const rows = Array.from({ length: Math.min(500, n - start) }, (_, i) => {
        const side = i % 2;
        // Equal creation times in runs, so the id tie-break is exercised too.
        const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 4_000) * 60_000).toISOString();
        return {
          nickname: next() < 0.05 ? '' : nickname(),
          phone: phone(),
          deviceType: 'iPhone',
          appVersion: '1.0.0',
          serviceType: 1,
          status: 1,
          dueDate: '2027-01-01',
          openId: null,
          agentId: agents[side]!,
          storeId: stores[side]!,
          createdAt: at,
          updatedAt: at,
        };
      });
      await t.database.db.insertInto('staffAppletUser').values(rows).execute();
    }
  }

  /** Writes straight to the table drop the lists' cached counts as an endpoint's write would. */
  const changed = () =>
    t.app.events.emit('resourceChanged', {
      resource: staffAppletUserResource.name,
      agentId: null,
      ids: [],
      action: 'update',
    });

  /** The list as a plain LIKE (ILIKE on PostgreSQL) over the table orders it, for one scope. */
  async function expected(keyword: string, agentId: number | null): Promise<string[]> {
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = sql.raw(testEngine === 'postgres' ? 'ilike' : 'like');
    const scope = agentId === null ? sql`` : sql`and agent_id = ${agentId}`;
    const { rows } = await sql<{ id: number }>`select id from staff_applet_user
      where (nickname ${like} ${pattern} escape '\\' or phone ${like} ${pattern} escape '\\') ${scope}
      order by created_at desc, id desc`.execute(t.database.db);
    return rows.map((r) => String(r.id));
  }

  /** The platform's list (门店员工 is a platform screen), for every provider or one of them. */
  async function listed(keyword: string, agentId: number | null, offset: number, size: number) {
    const res = await callApi<{ total: number; list: Row[] }>(
      t,
      admin,
      'POST',
      '/saasic/staffApplet/getStaffAppletUserPage',
      {
        offset,
        size,
        keyword,
        ...(agentId === null ? {} : { agentId: String(agentId) }),
      },
    );
    expect(res.res.statusCode, res.res.body).toBe(200);
    return res.data;
  }

  async function keywords(): Promise<string[]> {
    const rows = await t.database.db
      .selectFrom('staffAppletUser')
      .select(['nickname', 'phone'])
      .orderBy('id')
      .execute();
    const sample = () => {
      const row = pick(rows);
      const source = next() < 0.6 && row.nickname ? row.nickname : row.phone;
      const chars = Array.from(source);
      const at = Math.floor(next() * chars.length);
      return chars.slice(at, at + 1 + Math.floor(next() * 4)).join('');
    };
    const picked = Array.from({ length: 40 }, sample);
    const made = Array.from({ length: 15 }, () => text(1 + Math.floor(next() * 3), [...HAN, ...LATIN, ...OTHER]));
    return [...new Set([...picked, ...made, '门店', '门', 'ab', 'AB', 'xY', '13', '%', '_门', 'é', '店王李'])].filter(
      (k) => k.trim() === k && k !== '',
    );
  }

  async function compareAll(): Promise<void> {
    for (const keyword of await keywords()) {
      for (const agentId of [null, agents[1]!]) {
        const want = await expected(keyword, agentId);
        const first = await listed(keyword, agentId, 1, 20);
        const label = `${keyword} (${agentId === null ? 'every provider' : 'one provider'})`;
        expect(
          first.list.map((r) => r.id),
          label,
        ).toEqual(want.slice(0, 20));
        // The machinery's total stops one past the cap, as for any list.
        expect(first.total, label).toBe(Math.min(want.length, COUNT_CAP + 1));
        if (want.length > 40) {
          const page = Math.ceil(want.length / 40);
          const last = await listed(keyword, agentId, page, 20);
          expect(
            last.list.map((r) => r.id),
            `${label}, page ${page}`,
          ).toEqual(want.slice((page - 1) * 20, page * 20));
        }
      }
    }
  }

  it('plans from rare and common grams alike', async () => {
    await insertRows(GRAM_SEEK_MAX * 2 + 600);
    const [{ n }] = (
      await sql<{
        n: number;
      }>`select count(*) as n from search_gram where tbl = 'staff_applet_user' and gram = '门店'`.execute(t.database.db)
    ).rows as [{ n: number }];
    expect(Number(n)).toBeGreaterThan(GRAM_SEEK_MAX);
    expect(keywordGrams('AbC门')).toEqual(['ab', 'bc', 'c门']);
    expect(keywordGrams('é门店')).toEqual(['门店']);
    expect(keywordGrams('门')).toEqual([]);
  });

  it('returns the rows LIKE returns after inserts', async () => {
    await compareAll();
  });

  it('follows updates and deletes written to the table', async () => {
    const db = t.database.db;
    const ids = (await db.selectFrom('staffAppletUser').select('id').execute()).map((r) => r.id);
    for (const id of ids.filter(() => next() < 0.08)) {
      await db
        .updateTable('staffAppletUser')
        .set(next() < 0.5 ? { nickname: nickname() } : { phone: phone(), nickname: '' })
        .where('id', '=', id)
        .execute();
    }
    // Unrelated columns: the grams stay as they are.
    await db.updateTable('staffAppletUser').set({ status: 2 }).where('id', 'in', ids.slice(0, 50)).execute();
    await db
      .deleteFrom('staffAppletUser')
      .where(
        'id',
        'in',
        ids.filter(() => next() < 0.05),
      )
      .execute();
    await insertRows(300);
    changed();
    await compareAll();
    // Not one gram is left for a deleted row or a replaced text.
    const holds = (column: string) =>
      testEngine === 'postgres'
        ? sql`strpos(lower(${sql.ref(`s.${column}`)}), g.gram) > 0`
        : sql`instr(lower(${sql.ref(`s.${column}`)}), g.gram) > 0`;
    const { rows } = await sql<{ n: number }>`select count(*) as n from search_gram g
      where g.tbl = 'staff_applet_user' and not exists (
        select 1 from staff_applet_user s where s.id = g.row_id and (${holds('nickname')} or ${holds('phone')}))`.execute(
      db,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
