import { type AnyResource, operationLogResource, smsLogResource, staffAppletUserResource } from '@console/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/types.js';
import { GRAM_SEEK_MAX } from './gram-seek.js';

// The lists keyword-grams.test.ts drives (staff, SMS log, operation log), their random rows and
// keywords: kept apart so the test reads as the comparison it makes.
/** A small deterministic PRNG, so a failure names a reproducible keyword. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

// Few characters, so bigrams repeat and the planner meets rare, common and absent grams alike.
export const HAN = Array.from('门店王李张伟芳丽静军华明');
export const LATIN = Array.from('AbCdxY');
export const OTHER = Array.from('%_é ');
export const DIGITS = Array.from('0123456789');

export type Row = { id: string };

/** Random text for the rows and keywords of one list's test. */
export interface Gen {
  next: () => number;
  pick: <T>(list: readonly T[]) => T;
  text: (n: number, alphabet: readonly string[]) => string;
  /** A name: one in two holds 门店, a gram then held by half the rows. */
  name: () => string;
  phone: () => string;
}

export function generator(seed: number): Gen {
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
export const someTime = (g: Gen) =>
  new Date(Date.UTC(2026, 0, 1) + Math.floor(g.next() * 4_000) * 60_000).toISOString();

/** One keyword-searchable list over a gram-indexed table, as the test drives it. */
export interface GramList {
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

export const staffList: GramList = {
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
export const smsList: GramList = {
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
export const operationLogList: GramList = {
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
