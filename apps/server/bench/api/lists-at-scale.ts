import type { BenchRow } from '../report.js';
import { percentile } from '../report.js';
import { call, signIn } from './client.js';
import { load } from './load.js';
import { listsDatabase } from './lists-data.js';
import { startServer } from './server-process.js';
import { settings } from './settings.js';

/** Issue 15's budgets at 100 000 rows: the cold first read of any page, and p99 under load. */
const COLD_BUDGET_MS = 200;
const P99_BUDGET_MS = 50;
const PAGE_SIZE = 10;

interface Variant {
  /** What the operator does, in the row's label. */
  label: string;
  body: Record<string, unknown>;
  /** The deepest page of this variant that holds rows (cold read), at PAGE_SIZE. */
  deepPage: number;
}

interface ScaledList {
  title: string;
  path: string;
  loginName: string;
  /** Each is read cold (its own count and anchors) at page 1 and at its deep page. */
  variants: Variant[];
  /** The heaviest filters, read at random pages 1…deepPage under load for the p99. */
  heaviest: Variant;
}

/**
 * The lists with the heaviest filters at `rows` platform accounts and stores (./lists-data.ts):
 * 平台账号 as the platform admin (the case: 27 s for the first read of page 5 000 before
 * its index), 门店 as the platform admin and as agent1 (provider scope). Every variant's first
 * read of page 1 and of a deep page is timed in a freshly started server (no cached count, no
 * anchors, no compiled statement); then 8 clients read random pages of the heaviest variant.
 */
function lists(rows: number): ScaledList[] {
  const k = rows / 100_000;
  const admins: Variant[] = [
    { label: '默认排序', body: {}, deepPage: Math.floor(5_000 * k) },
    { label: '启用 + 姓名包含', body: { open: 1, name: '账号0' }, deepPage: Math.floor(1_000 * k) },
    { label: '按登录名', body: { sort: { field: 'loginName', order: 'ascend' } }, deepPage: Math.floor(5_000 * k) },
  ];
  const stores: Variant[] = [
    { label: '正常 + 扫码店', body: { status: 1, storeType: 1 }, deepPage: Math.floor(3_000 * k) },
    { label: '关键词 + 正常', body: { keyword: '压测门店0', status: 1 }, deepPage: Math.floor(500 * k) },
    {
      label: '按到期日 + 到期区间',
      body: { sort: { field: 'webExpireAt', order: 'ascend' }, webExpireAt: { from: '2027-01-01', to: '2027-12-31' } },
      deepPage: Math.floor(2_000 * k),
    },
  ];
  return [
    { title: '平台账号', path: '/api/saasAdmin/page', loginName: 'admin', variants: admins, heaviest: admins[1]! },
    { title: '门店（平台）', path: '/api/store/page', loginName: 'admin', variants: stores, heaviest: stores[0]! },
    {
      title: '门店（agent1）',
      path: '/api/store/page',
      loginName: 'agent1',
      variants: stores.map((v) => ({ ...v, deepPage: Math.floor(v.deepPage / 4) })),
      heaviest: { ...stores[1]!, deepPage: Math.floor(stores[1]!.deepPage / 4) },
    },
  ];
}

export async function scaledListRows(rows: number, log: (line: string) => void): Promise<BenchRow[]> {
  const url = await listsDatabase(rows, log);
  const out: BenchRow[] = [];
  for (const list of lists(rows)) {
    const server = await startServer({ DATABASE_URL: url, LOG_LEVEL: 'info' });
    try {
      const token = await signIn(server.url, list.loginName);
      // "Cold" is this list's state (no cached count, no anchors, no compiled statement), not a
      // process that has served nothing: one read of another list first, as any session does.
      await call(server.url, '/api/enterprise/page', { token, body: { offset: 1, size: 10 } });
      const read = async (body: Record<string, unknown>) => {
        const started = performance.now();
        const res = await fetch(server.url + list.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token },
          body: JSON.stringify({ size: PAGE_SIZE, ...body }),
        });
        const envelope = (await res.json()) as { errCode: number; errMsg: string; data: { list: unknown[] } };
        const ms = performance.now() - started;
        if (envelope.errCode !== 0) throw new Error(`${list.path}: ${envelope.errCode} ${envelope.errMsg}`);
        return { ms, rows: envelope.data.list.length };
      };
      const cold: string[] = [];
      let worst = 0;
      for (const v of list.variants) {
        for (const page of [1, v.deepPage]) {
          const r = await read({ ...v.body, offset: page });
          if (r.rows === 0) throw new Error(`${list.title} ${v.label} 第 ${page} 页没有数据：数据生成与页码不符`);
          worst = Math.max(worst, r.ms);
          cold.push(`${v.label} 第 ${page} 页 ${r.ms.toFixed(0)}`);
        }
      }
      log(`  ${list.title} 冷读：${cold.join('，')} ms`);
      out.push({
        figure: `列表冷读任意页（${list.title}，${rows.toLocaleString()} 行）`,
        value: `${worst.toFixed(0)} ms`,
        budget: `≤ ${COLD_BUDGET_MS} ms`,
        ok: worst <= COLD_BUDGET_MS,
        detail: `最慢一次；${cold.join('，')} ms`,
      });
      const h = list.heaviest;
      const result = await load({
        url: server.url + list.path,
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        connections: settings.listClients,
        duration: settings.seconds,
        next: () => ({
          body: JSON.stringify({ ...h.body, size: PAGE_SIZE, offset: 1 + Math.floor(Math.random() * h.deepPage) }),
        }),
      });
      if (result.errors || [...result.statuses.keys()].some((s) => s !== 200)) {
        throw new Error(`${list.title} 出现错误响应：${JSON.stringify([...result.statuses])}`);
      }
      const p99 = percentile(result.latencies, 99);
      log(`  ${list.title} ${h.label}：p99 ${p99.toFixed(1)} ms，${result.rps.toFixed(0)} 次/秒`);
      out.push({
        figure: `列表 p99（${list.title}，${h.label}，${rows.toLocaleString()} 行）`,
        value: `${p99.toFixed(1)} ms`,
        budget: `≤ ${P99_BUDGET_MS} ms`,
        ok: p99 <= P99_BUDGET_MS,
        detail: `8 客户端 ${settings.seconds} 秒，随机第 1–${h.deepPage} 页（每页 ${PAGE_SIZE} 行），${result.rps.toFixed(0)} 次/秒`,
      });
    } finally {
      await server.stop();
    }
  }
  return out;
}
