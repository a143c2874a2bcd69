import { rmSync } from 'node:fs';
import type { BenchRow, BenchSuite } from '../report.js';
import { postgresDatabase, sqliteDatabase } from './data.js';
import { listRows } from './list-bench.js';
import { breadthListRows } from './breadth-lists.js';
import { scaledListRows } from './lists-at-scale.js';
import { searchRows } from './search-at-scale.js';
import { sortRows } from './sorts-at-scale.js';
import { loginRows } from './login-burst.js';
import { overheadRows } from './overhead.js';
import { LOG_FILE } from './server-process.js';
import { settings } from './settings.js';
import { totalsRows } from './totals.js';

/** Demo data plus this many gateways: the database of the overhead and sign-in runs. */
const SMALL_ROWS = 100_000;

const log = (line: string) => console.log(line);

/**
 * Issue 7's API budgets: framework overhead, the gateway list at 1M and 10M rows on SQLite and
 * PostgreSQL against a naive peer, the capped cached total at the largest size, and other
 * routes' p99 during a sign-in burst; and (issue 15) the lists with the heaviest filters at
 * 100 000 platform accounts and stores: cold first read of any page and p99; (issue 16) every
 * list of the enterprise and store screens under each of its filters at 100 000 generated stores;
 * (issue 28) every sort of every list at page 1 and page 400 there; (issue 30) the Ctrl+K search's p99
 * at 100 000 stores. Every server under test is a child process.
 */
export const apiSuite: BenchSuite = {
  name: 'api',
  title: 'API：框架开销、百万/千万行列表、总数、登录潮',
  run: async () => {
    const rows: BenchRow[] = [];
    rmSync(LOG_FILE, { force: true });
    if (settings.runs('overhead') || settings.runs('login')) {
      const small = await sqliteDatabase(SMALL_ROWS, log);
      if (settings.runs('overhead')) rows.push(...(await overheadRows(small, log)));
      if (settings.runs('login')) rows.push(...(await loginRows(small, log)));
    }
    if (settings.runs('lists')) rows.push(...(await scaledListRows(settings.listsRows, log)));
    if (settings.runs('search')) rows.push(...(await searchRows(settings.listsRows, log)));
    if (settings.runs('breadth')) {
      if (settings.breadthEngines.includes('sqlite'))
        rows.push(...(await breadthListRows('SQLite', settings.breadthStores, log)));
      if (settings.breadthEngines.includes('postgres') && settings.postgresUrl)
        rows.push(...(await breadthListRows('PostgreSQL', settings.breadthStores, log)));
    }
    if (settings.runs('sorts')) {
      if (settings.sortsEngines.includes('sqlite'))
        rows.push(...(await sortRows('SQLite', settings.breadthStores, log)));
      if (settings.sortsEngines.includes('postgres') && settings.postgresUrl)
        rows.push(...(await sortRows('PostgreSQL', settings.breadthStores, log)));
    }
    if (!settings.runs('list') && !settings.runs('totals')) return rows;
    const largestSqlite = Math.max(...settings.sqliteRows);
    for (const n of settings.sqliteRows) {
      const url = await sqliteDatabase(n, log);
      if (settings.runs('list')) rows.push(...(await listRows('SQLite', url, n, log)));
      if (settings.runs('totals') && n === largestSqlite) rows.push(...(await totalsRows('SQLite', url, n)));
    }
    if (settings.postgresUrl) {
      const largestPg = Math.max(...settings.postgresRows);
      for (const n of settings.postgresRows) {
        const scratch = await postgresDatabase(settings.postgresUrl, n, log, settings.postgresKeep);
        try {
          if (settings.runs('list')) rows.push(...(await listRows('PostgreSQL', scratch.url, n, log)));
          if (settings.runs('totals') && n === largestPg)
            rows.push(...(await totalsRows('PostgreSQL', scratch.url, n)));
        } finally {
          await scratch.drop();
        }
      }
    }
    return rows;
  },
};
