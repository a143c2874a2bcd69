import {
  type AnyResource,
  COUNT_CAP,
  operationLogResource,
  smsLogResource,
  staffAppletUserResource,
} from '@console/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import { createTestApp, type TestApp, testEngine } from '../../test/test-app.js';
import type { Database } from '../db/types.js';
import { callApi, insertStore } from '../modules/stores/test-fixtures.js';
import { GRAM_SEEK_MAX, gramSeeks, keywordGrams } from './keyword-grams.js';
import { ResourceQuery } from './query.js';

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
const DIGITS = Array.from('0123456789');

type Row = { id: string };

/** Random text for the rows and keywords of one list's test. */
interface Gen {
  next: () => number;
  pick: <T>(list: readonly T[]) => T;
  text: (n: number, alphabet: readonly string[]) => string;
  /** A name: one in two holds 门店, a gram then held by half the rows. */
  name: () => string;
  phone: () => string;
}

function generator(seed: number): Gen {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const text = (n: number, alphabet: readonly string[]) => Array.from({ length: n }, () => pick(alphabet)).join('');
  const name = () => {
    const r = next();
    const core = text(1 + Math.floor(next() * 3), r < 0.7 ? HAN : r < 0.9 ? LATIN : OTHER);
    return r < 0.5 ? `${core}门店${text(1, HAN)}` : core;
  };
  // Half the phones share 1380, a digit window then held by more rows than GRAM_SEEK_MAX.
  const phone = () => (next() < 0.5 ? `1380${text(7, DIGITS)}` : `1${text(10, DIGITS)}`);
  return { next, pick, text, name, phone };
}

/** Equal creation times in runs, so the id tie-break is exercised too. */
const someTime = (g: Gen) => new Date(Date.UTC(2026, 0, 1) + Math.floor(g.next() * 4_000) * 60_000).toISOString();

/** One keyword-searchable list over a gram-indexed table, as the test drives it. */
interface GramList {
  title: string;
  table: string;
  /** The keyword filter's name and the columns it searches (as stored). */
  filter: string;
  columns: string[];
  resource: AnyResource;
  /** The table as the module registers the resource over it. */
  registered: string;
  path: string;
  permission: string;
  /** The list's order, ties broken by id. */
  order: string;
  /** Rows written before the first comparison. */
  rows: number;
  /** A second filter the list is also compared under (a provider, a status): body and SQL. */
  narrowed: (ctx: { agents: number[] }) => { body: Record<string, unknown>; where: RawBuilder<unknown> };
  insert: (db: Kysely<Database>, g: Gen, ctx: { agents: number[]; stores: number[] }, n: number) => Promise<void>;
  /** Rewrites the searched columns of one row. */
  rewrite: (db: Kysely<Database>, g: Gen, id: number) => Promise<void>;
  /** Writes columns the keyword does not search. */
  touch: (db: Kysely<Database>, ids: number[]) => Promise<void>;
}

async function inBatches(n: number, write: (count: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < n; start += 500) await write(Math.min(500, n - start));
}

const staffList: GramList = {
  title: '门店员工 (staff_applet_user: nickname, phone)',
  table: 'staff_applet_user',
  filter: 'keyword',
  columns: ['nickname', 'phone'],
  resource: staffAppletUserResource,
  registered: 'staffAppletUser',
  path: '/saasic/staffApplet/getStaffAppletUserPage',
  permission: 'staffApplet.page',
  order: 'created_at desc, id desc',
  // More rows than GRAM_SEEK_MAX hold 门店, so a common gram meets the count's and the page's rules.
  rows: GRAM_SEEK_MAX * 2 + 600,
  narrowed: ({ agents }) => ({ body: { agentId: String(agents[1]) }, where: sql`agent_id = ${agents[1]}` }),
  insert: (db, g, { agents, stores }, n) =>
    inBatches(n, async (count) => {
      const rows = Array.from({ length: count }, (_, i) => {
        const side = i % 2;
        const at = someTime(g);
        return {
          nickname: g.next() < 0.05 ? '' : g.name(),
          phone: g.phone(),
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
      await db.insertInto('staffAppletUser').values(rows).execute();
    }),
  rewrite: async (db, g, id) => {
    await db
      .updateTable('staffAppletUser')
      .set(g.next() < 0.5 ? { nickname: g.name() } : { phone: g.phone(), nickname: '' })
      .where('id', '=', id)
      .execute();
  },
  touch: async (db, ids) => {
    await db.updateTable('staffAppletUser').set({ status: 2 }).where('id', 'in', ids).execute();
  },
};

/** 短信记录: a phone and a long text, searched by one keyword (migration 0185). */
const smsList: GramList = {
  title: '短信记录 (sms_log: phone, content)',
  table: 'sms_log',
  filter: 'keyword',
  columns: ['phone', 'content'],
  resource: smsLogResource,
  registered: 'sms_log',
  path: '/smsLog/page',
  permission: 'smsLog.page',
  order: 'created_at desc, id desc',
  rows: 2_500,
  narrowed: () => ({ body: { status: 2 }, where: sql`status = 2` }),
  insert: (db, g, _ctx, n) =>
    inBatches(n, async (count) => {
      const rows = Array.from({ length: count }, () => {
        const at = someTime(g);
        return {
          agentId: null,
          channelId: null,
          phone: g.phone(),
          purpose: 1,
          content: `【云泊】${g.name()}：您的初始密码为 ******，请登录后修改。${g.text(2, LATIN)}`,
          plainContent: '',
          status: g.next() < 0.3 ? 2 : 1,
          sentAt: at,
          createdAt: at,
          updatedAt: at,
        };
      });
      await db.insertInto('smsLog').values(rows).execute();
    }),
  rewrite: async (db, g, id) => {
    await db
      .updateTable('smsLog')
      .set(g.next() < 0.5 ? { content: `${g.name()}审核通过${g.text(2, HAN)}` } : { phone: g.phone(), content: '' })
      .where('id', '=', id)
      .execute();
  },
  touch: async (db, ids) => {
    // The endpoints' resend writes these; it also sets an unchanged phone, which must keep its grams.
    await db
      .updateTable('smsLog')
      .set({ status: 0, gatewayMessage: '重发', phone: sql`phone` })
      .where('id', 'in', ids)
      .execute();
  },
};

/** 操作日志: the action of every write (migration 0185), compared for one provider too. */
const operationLogList: GramList = {
  title: '操作日志 (operation_log: action)',
  table: 'operation_log',
  filter: 'action',
  columns: ['action'],
  resource: operationLogResource,
  registered: 'operation_log',
  path: '/operationLog/page',
  permission: 'operationLog.page',
  order: 'at desc, id desc',
  rows: 2_500,
  narrowed: ({ agents }) => ({ body: { agentId: String(agents[1]) }, where: sql`agent_id = ${agents[1]}` }),
  insert: (db, g, { agents }, n) =>
    inBatches(n, async (count) => {
      const rows = Array.from({ length: count }, (_, i) => ({
        operatorId: null,
        operatorName: '测试',
        adminType: 1,
        agentId: i % 3 === 0 ? null : agents[i % 2]!,
        module: '门店管理',
        action: g.next() < 0.05 ? g.text(1, HAN) : g.name(),
        method: 'POST',
        path: '/api/store/update',
        params: '{}',
        changes: '[]',
        targetId: null,
        result: 1,
        errMsg: '',
        ip: '127.0.0.1',
        userAgent: '',
        durationMs: 1,
        at: someTime(g),
      }));
      await db.insertInto('operationLog').values(rows).execute();
    }),
  rewrite: async (db, g, id) => {
    await db.updateTable('operationLog').set({ action: g.name() }).where('id', '=', id).execute();
  },
  touch: async (db, ids) => {
    await db.updateTable('operationLog').set({ result: 0 }).where('id', 'in', ids).execute();
  },
};

/**
 * A keyword filter through the gram index (migrations 0180, 0185) returns exactly what a plain
 * LIKE returns, in the list's order and with the same total, on random data: Chinese, Latin in
 * both cases, digits and phone numbers, LIKE's own wildcard characters, 1-character keywords, rare
 * and common grams, unfiltered and narrowed by a second filter, after inserts, updates (of the
 * searched columns, of others, and of a searched column to its own text) and deletes written
 * straight to the table, which the triggers must follow.
 */
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
      const seeks = await gramSeeks(q, t.database.db, { [list.filter]: '店王' });
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
        const phoneSeek = (await gramSeeks(q, t.database.db, { keyword: phones[0]!.phone })).keyword;
        expect(phoneSeek?.gram).toHaveLength(4);
        expect(phoneSeek!.rows).toBeLessThan(20);
        const common = (await gramSeeks(q, t.database.db, { keyword: '1380' })).keyword;
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
