import * as contract from '@console/contract';
import type { BenchRow } from '../report.js';
import { percentile } from '../report.js';
import { call, signIn } from './client.js';
import { scaleDatabase, scalePostgres } from './scale-data.js';
import { startServer } from './server-process.js';
import { settings } from './settings.js';

/** Issue 28's probe: every sort of every list, page 1 and a deep page, cold and warm. */
const COLD_BUDGET_MS = 200;
const WARM_BUDGET_MS = 50;
const PAGE_SIZE = 10;
const DEEP_PAGE = 400;
/** Reads after the cold one; their median is the warm figure. */
const WARM_READS = 4;

interface PagedResource {
  name: string;
  title: string;
  audience: string;
  endpoints: { page?: { path: string } };
  defaultSort: { field: string; order: 'ascend' | 'descend' };
  sortable: readonly string[];
}

function isPaged(value: unknown): value is PagedResource {
  return (
    typeof value === 'object' &&
    value !== null &&
    'endpoints' in value &&
    'sortable' in value &&
    'defaultSort' in value &&
    typeof (value as { endpoints: { page?: unknown } }).endpoints.page === 'object'
  );
}

/** Every list the contract declares (what the OpenAPI document lists), once each. */
function pagedResources(): PagedResource[] {
  const byName = new Map<string, PagedResource>();
  for (const value of Object.values(contract)) if (isPaged(value)) byName.set(value.name, value);
  return [...byName.values()];
}

interface Timing {
  label: string;
  cold: number;
  warm: number;
}

/**
 * One engine's figures at `stores` generated stores: per list, each offered sort in both orders at
 * page 1 and page DEEP_PAGE, read once cold (the first read of that sort: no cached count or
 * anchors) and WARM_READS times more. Provider-only lists are read as agent1, the rest as the
 * platform admin. One row per list: its slowest cold and warm read; the log has every read.
 */
export async function sortRows(engine: 'SQLite' | 'PostgreSQL', stores: number, log: (line: string) => void) {
  const url =
    engine === 'SQLite' ? await scaleDatabase(stores, log) : await scalePostgres(settings.postgresUrl, stores, log);
  const server = await startServer({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
  const out: BenchRow[] = [];
  try {
    const tokens = { platform: await signIn(server.url, 'admin'), agent: await signIn(server.url, 'agent1') };
    for (const r of pagedResources()) {
      const token = r.audience === 'agent' ? tokens.agent : tokens.platform;
      const path = `/api${r.endpoints.page!.path}`;
      const timings: Timing[] = [];
      try {
        for (const field of new Set([r.defaultSort.field, ...r.sortable])) {
          for (const order of ['ascend', 'descend'] as const) {
            for (const offset of [1, DEEP_PAGE]) {
              const body = { offset, size: PAGE_SIZE, sort: { field, order } };
              const ms: number[] = [];
              for (let i = 0; i <= WARM_READS; i += 1) {
                const started = performance.now();
                await call(server.url, path, { token, body });
                ms.push(performance.now() - started);
              }
              const label = `${field} ${order === 'ascend' ? '升序' : '降序'} 第 ${offset} 页`;
              timings.push({ label, cold: ms[0]!, warm: percentile(ms.slice(1), 50) });
            }
          }
        }
      } catch (err) {
        log(`  ${r.title}（${r.name}）：${err instanceof Error ? err.message : String(err)}`);
        out.push({ figure: `排序（${r.title}，${engine}）`, value: '出错', budget: '-', ok: false, detail: path });
        continue;
      }
      const cold = timings.reduce((a, b) => (b.cold > a.cold ? b : a));
      const warm = timings.reduce((a, b) => (b.warm > a.warm ? b : a));
      log(
        `  ${r.title}（${r.name}）：${timings.map((t) => `${t.label} 冷 ${t.cold.toFixed(0)}/热 ${t.warm.toFixed(0)}`).join('，')} ms`,
      );
      out.push({
        figure: `每种排序 首页与第 ${DEEP_PAGE} 页（${r.title} ${r.name}，${engine} ${stores.toLocaleString()} 家门店）`,
        value: `冷 ${cold.cold.toFixed(0)} / 热 ${warm.warm.toFixed(0)} ms`,
        budget: `冷 ≤ ${COLD_BUDGET_MS} / 热 ≤ ${WARM_BUDGET_MS} ms`,
        ok: cold.cold <= COLD_BUDGET_MS && warm.warm <= WARM_BUDGET_MS,
        detail: `最慢冷读 ${cold.label}，最慢热读 ${warm.label}；${timings.length} 种读法，每种 ${PAGE_SIZE} 行一页`,
      });
    }
  } finally {
    await server.stop();
  }
  return out;
}
