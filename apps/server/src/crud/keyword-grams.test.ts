import { COUNT_CAP } from '@console/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import { createTestApp, type TestApp, testEngine } from '../../test/test-app.js';
import { callApi, insertStore } from '../modules/stores/test-fixtures.js';
import {
  DIGITS,
  generator,
  HAN,
  LATIN,
  OTHER,
  operationLogList,
  type Row,
  smsList,
  staffList,
} from './keyword-gram-lists.testing.js';
import { GRAM_SEEK_MAX } from './gram-seek.js';
import { gramSeeks, keywordGrams } from './keyword-grams.js';
import { ResourceQuery } from './query.js';
import { resourceDb } from './types.js';

describe.each([staffList, smsList, operationLogList])(
  'keyword search through the gram index equals LIKE: $title',
  (list) => {
    let t: TestApp;
    let admin: TestOperator;
    const ctx = { agents: [] as number[], stores: [] as number[] };
    const g = generator(16);

    beforeAll(async () => {
      t = await createTestApp();
      const db = t.database.db;
      ctx.agents = [await createTestAgent(db), await createTestAgent(db)];
      ctx.stores = [(await insertStore(db, ctx.agents[0]!)).storeId, (await insertStore(db, ctx.agents[1]!)).storeId];
      admin = await createTestOperator(t, { adminType: 0, permissions: [list.permission] });
    });
    afterAll(async () => {
      await t.close();
    });

    /** Writes straight to the table drop the lists' cached counts as an endpoint's write would. */
    const changed = () =>
      t.app.events.emit('resourceChanged', { resource: list.resource.name, agentId: null, ids: [], action: 'update' });

    /** The list as a plain LIKE (ILIKE on PostgreSQL) over the table orders it. */
    async function expected(keyword: string, narrowed: boolean): Promise<string[]> {
      const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const like = sql.raw(testEngine === 'postgres' ? 'ilike' : 'like');
      const matches = sql.join(
        list.columns.map((c) => sql`${sql.ref(c)} ${like} ${pattern} escape '\\'`),
        sql` or `,
      );
      const scope = narrowed ? sql`and ${list.narrowed(ctx).where}` : sql``;
      const { rows } = await sql<{ id: number }>`select id from ${sql.table(list.table)}
      where (${matches}) ${scope} order by ${sql.raw(list.order)}`.execute(t.database.db);
      return rows.map((r) => String(r.id));
    }

    async function listed(keyword: string, narrowed: boolean, offset: number, size: number) {
      const res = await callApi<{ total: number; list: Row[] }>(t, admin, 'POST', list.path, {
        offset,
        size,
        [list.filter]: keyword,
        ...(narrowed ? list.narrowed(ctx).body : {}),
      });
      expect(res.res.statusCode, res.res.body).toBe(200);
      return res.data;
    }

    async function keywords(): Promise<string[]> {
      const { rows } = await sql<Record<string, string | null>>`select ${sql.join(list.columns.map((c) => sql.ref(c)))}
      from ${sql.table(list.table)} order by id`.execute(t.database.db);
      const sample = () => {
        const row = g.pick(rows);
        const source = String(row[g.pick(list.columns)] ?? '');
        const chars = Array.from(source);
        const at = Math.floor(g.next() * chars.length);
        return chars.slice(at, at + 1 + Math.floor(g.next() * 4)).join('');
      };
      const picked = Array.from({ length: 40 }, sample);
      // Numbers as an operator types them: 4 to 11 digits of a row's phone (a tail, a middle, the
      // whole), and digits no row may hold.
      const digitRuns = rows.flatMap((row) =>
        list.columns.flatMap((c) => String(row[c] ?? '').match(/[0-9]{4,}/g) ?? []),
      );
      const numbers = digitRuns.length
        ? Array.from({ length: 20 }, () => {
            const run = g.pick(digitRuns);
            const length = Math.min(run.length, 4 + Math.floor(g.next() * 8));
            const at = Math.floor(g.next() * (run.length - length + 1));
            return run.slice(at, at + length);
          })
        : [];
      numbers.push(...Array.from({ length: 5 }, () => g.text(4 + Math.floor(g.next() * 4), DIGITS)));
      const made = Array.from({ length: 15 }, () => g.text(1 + Math.floor(g.next() * 3), [...HAN, ...LATIN, ...OTHER]));
      return [
        ...new Set([
          ...picked,
          ...numbers,
          ...made,
          '门店',
          '门',
          'ab',
          'AB',
          'xY',
          '13',
          '1380',
          '%',
          '_门',
          'é',
          '店王李',
        ]),
      ].filter((k) => k.trim() === k && k !== '');
    }

    async function compareAll(): Promise<void> {
      for (const keyword of await keywords()) {
        for (const narrowed of [false, true]) {
          const want = await expected(keyword, narrowed);
          const first = await listed(keyword, narrowed, 1, 20);
          const label = `${keyword} (${narrowed ? 'narrowed' : 'unfiltered'})`;
          expect(
            first.list.map((r) => r.id),
            label,
          ).toEqual(want.slice(0, 20));
          // The machinery's total stops one past the cap, as for any list.
          expect(first.total, label).toBe(Math.min(want.length, COUNT_CAP + 1));
          if (want.length > 40) {
            const page = Math.ceil(want.length / 40);
            const last = await listed(keyword, narrowed, page, 20);
            expect(
              last.list.map((r) => r.id),
              `${label}, page ${page}`,
            ).toEqual(want.slice((page - 1) * 20, page * 20));
          }
        }
      }
    }

    it('indexes the rows written', async () => {
      await list.insert(t.database.db, g, ctx, list.rows);
      const { rows } = await sql<{
        n: number;
      }>`select count(*) as n from search_gram where tbl = ${list.table} and gram = '门店'`.execute(t.database.db);
      expect(Number(rows[0]!.n)).toBeGreaterThan(list.rows / 4);
      // The list machinery knows the filter is indexed (from search_gram_source) and plans from it.
      const q = new ResourceQuery(list.resource, list.registered, {});
      const seeks = await gramSeeks(q, resourceDb(t.database.db), { [list.filter]: '店王' });
      expect(Object.keys(seeks)).toEqual([list.filter]);
      if (list === staffList) {
        expect(Number(rows[0]!.n)).toBeGreaterThan(GRAM_SEEK_MAX);
        expect(keywordGrams('AbC门')).toEqual(['ab', 'bc', 'c门']);
        expect(keywordGrams('é门店')).toEqual(['门店']);
        expect(keywordGrams('门')).toEqual([]);
        // Digit windows, tail first; a digit pair inside a run of four is left out, others kept.
        expect(keywordGrams('13812345678').slice(0, 2)).toEqual(['5678', '4567']);
        expect(keywordGrams('13812345678').every((gram) => gram.length === 4)).toBe(true);
        expect(keywordGrams('店1234号')).toEqual(['1234', '店1', '4号']);
        expect(keywordGrams('123')).toEqual(['12', '23']);
        // A phone number seeks a digit window held by few rows, not a common digit pair.
        const { rows: phones } = await sql<{ phone: string }>`select phone from staff_applet_user
          where phone not like '1380%' order by id limit 1`.execute(t.database.db);
        const phoneSeek = (await gramSeeks(q, resourceDb(t.database.db), { keyword: phones[0]!.phone })).keyword;
        expect(phoneSeek?.gram).toHaveLength(4);
        expect(phoneSeek!.rows).toBeLessThan(20);
        const common = (await gramSeeks(q, resourceDb(t.database.db), { keyword: '1380' })).keyword;
        expect(common!.rows).toBeGreaterThan(GRAM_SEEK_MAX);
      }
    });

    // ~90 keywords, each compared unfiltered and narrowed, first and deep page: slow on a busy machine.
    const COMPARE_MS = 180_000;

    it(
      'returns the rows LIKE returns after inserts',
      async () => {
        await compareAll();
      },
      COMPARE_MS,
    );

    it(
      'follows updates and deletes written to the table',
      async () => {
        const db = t.database.db;
        const { rows } = await sql<{ id: number }>`select id from ${sql.table(list.table)} order by id`.execute(db);
        const ids = rows.map((r) => Number(r.id));
        for (const id of ids.filter(() => g.next() < 0.08)) await list.rewrite(db, g, id);
        await list.touch(db, ids.slice(0, 50));
        const gone = ids.filter(() => g.next() < 0.05);
        await sql`delete from ${sql.table(list.table)} where id in (${sql.join(gone)})`.execute(db);
        await list.insert(db, g, ctx, 300);
        changed();
        await compareAll();
        // Not one gram is left for a deleted row or a replaced text (a missing one fails the comparisons).
        const holds = (column: string) =>
          testEngine === 'postgres'
            ? sql`strpos(lower(${sql.ref(`s.${column}`)}), g.gram) > 0`
            : sql`instr(lower(${sql.ref(`s.${column}`)}), g.gram) > 0`;
        const stale = await sql<{ n: number }>`select count(*) as n from search_gram g
      where g.tbl = ${list.table} and not exists (
        select 1 from ${sql.table(list.table)} s where s.id = g.row_id and (${sql.join(
          list.columns.map(holds),
          sql` or `,
        )}))`.execute(db);
        expect(Number(stale.rows[0]!.n)).toBe(0);
      },
      COMPARE_MS,
    );
  },
);
