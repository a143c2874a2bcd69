import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { EXPORT_ROW_CAP, type ExportTask } from '@console/contract';
import { call, signIn } from '../api/client.js';
import { DATA_DIR } from '../api/data.js';
import { residentParts, spawnEntry, startScriptNodeArgs, stop } from '../realtime/children.js';
import type { BenchRow, BenchSuite } from '../report.js';
import { percentile } from '../report.js';
import { freePort } from '../../src/lib/free-port.js';

// Issue 31 part 4: a 1 000 000-row export streams to .xlsx in bounded memory (server RSS growth
// ≤ 200 MB) without stalling another operator's list read (p99 ≤ 100 ms). The server is the
// product as `npm start` runs it (bundled, its own process, demo data on a fresh SQLite file);
// the rows are IP 限制 rules (停用, so no sign-in reads them) written straight into the file.
// The memory budget is on the server's private memory (RssAnon: heap, buffers); VmRSS also counts
// the database file's pages that SQLite maps (mmap_size in db/open.ts), which an export reading
// every row maps in full: the kernel's file cache, shown beside it, not memory the export holds.

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? (process.env.BENCH_QUICK === '1' ? 100_000 : EXPORT_ROW_CAP));
const RSS_BUDGET_MB = 200;
const READ_BUDGET_MS = 100;
const dataFile = join(DATA_DIR, 'exports.sqlite');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The rules, in one transaction per 50 000 (the server is idle meanwhile). */
function insertRules(count: number): void {
  const db = new Sqlite(dataFile);
  db.pragma('journal_mode = WAL');
  const now = new Date().toISOString();
  const insert = db.prepare(
    'insert into ip_restriction (rule_type, address, applies_to, status, remark, created_at, updated_at) values (2, ?, 2, 0, ?, ?, ?)',
  );
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i += 1) {
      insert.run(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, `导出基准第 ${i} 条`, now, now);
    }
  });
  for (let at = 0; at < count; at += 50_000) batch(at, Math.min(count, at + 50_000));
  db.close();
}

export const exportsSuite: BenchSuite = {
  name: 'exports',
  title: `导出中心：${ROWS.toLocaleString('en-US')} 行导出为 .xlsx 时的内存与其他操作员的列表读取（SQLite）`,
  run: async () => {
    mkdirSync(DATA_DIR, { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(dataFile + suffix, { force: true });
    const uploads = mkdtempSync(join(tmpdir(), 'bench-exports-'));
    const port = await freePort();
    const server = await spawnEntry(
      '../../src/main.ts',
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${dataFile}`,
        UPLOAD_DIR: uploads,
        LOG_LEVEL: 'warn',
        REDIS_URL: undefined,
      },
      { compiled: true, nodeArgs: startScriptNodeArgs() },
    );
    const url = `http://127.0.0.1:${port}`;
    try {
      for (let i = 0; i < 240; i += 1) {
        if (
          await fetch(`${url}/api/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await sleep(500);
      }
      const inserting = performance.now();
      insertRules(ROWS);
      const insertS = (performance.now() - inserting) / 1000;
      const admin = await signIn(url, 'admin');
      const agent = await signIn(url, 'agent1');
      const read = () => call(url, '/api/ZKBManager/deviceList', { token: agent, body: { offset: 1, size: 20 } });
      const quiet: number[] = [];
      for (let i = 0; i < 200; i += 1) {
        const started = performance.now();
        await read();
        quiet.push(performance.now() - started);
      }

      const before = residentParts(server.pid!);
      const peak = { ...before };
      const sampler = setInterval(() => {
        const now = residentParts(server.pid!);
        peak.total = Math.max(peak.total, now.total);
        peak.anon = Math.max(peak.anon, now.anon);
        peak.file = Math.max(peak.file, now.file);
      }, 100);
      const started = performance.now();
      const asked = await call<ExportTask>(url, '/api/ipRestriction/export', { token: admin, body: { status: 0 } });
      let task = asked;
      const finished = (async () => {
        while (task.status === 'queued' || task.status === 'running') {
          await sleep(500);
          task = await call<ExportTask>(url, `/api/exportTask/get?id=${asked.id}`, { token: admin });
        }
      })();
      const during: number[] = [];
      let done = false;
      void finished.finally(() => (done = true));
      while (!done) {
        const at = performance.now();
        await read();
        during.push(performance.now() - at);
      }
      await finished;
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      if (task.status !== 'ready') throw new Error(`导出任务${task.status}：${task.failReason ?? ''}`);
      const growth = peak.anon - before.anon;
      const p99 = (ms: number[]) => percentile(ms, 99);
      const load = (await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ');
      return [
        {
          figure: `${task.rowsDone.toLocaleString('en-US')} 行导出·服务端私有内存增长`,
          value: `${growth.toFixed(0)} MB`,
          budget: `≤ ${RSS_BUDGET_MB} MB`,
          // Every matching rule (the demo data holds a few of its own) is in the file.
          ok: growth <= RSS_BUDGET_MB && task.rowsDone === task.rowsTotal && task.rowsDone >= ROWS,
          detail: `RssAnon ${before.anon.toFixed(0)} → 峰值 ${peak.anon.toFixed(0)} MB；VmRSS ${before.total.toFixed(0)} → 峰值 ${peak.total.toFixed(0)} MB，其中映射的文件（数据库）${before.file.toFixed(0)} → ${peak.file.toFixed(0)} MB；用时 ${seconds.toFixed(1)} s（${Math.round(task.rowsDone / seconds).toLocaleString('en-US')} 行/s），文件 ${((task.fileSize ?? 0) / 1024 / 1024).toFixed(1)} MB；写入数据 ${insertS.toFixed(0)} s；负载（1/5/15 分钟）${load}`,
        },
        {
          figure: '列表读取·无导出时',
          value: `p99 ${p99(quiet).toFixed(1)} ms`,
          budget: `p99 ≤ ${READ_BUDGET_MS} ms`,
          ok: p99(quiet) <= READ_BUDGET_MS,
          detail: `p50 ${percentile(quiet, 50).toFixed(1)} ms，${quiet.length} 次读取（对照）`,
        },
        {
          figure: '列表读取·导出进行时',
          value: `p99 ${p99(during).toFixed(1)} ms`,
          budget: `p99 ≤ ${READ_BUDGET_MS} ms`,
          ok: p99(during) <= READ_BUDGET_MS,
          detail: `p50 ${percentile(during, 50).toFixed(1)} ms，最大 ${Math.max(...during).toFixed(0)} ms，${during.length} 次读取`,
        },
      ] satisfies BenchRow[];
    } finally {
      await stop(server);
      rmSync(uploads, { recursive: true, force: true });
    }
  },
};
