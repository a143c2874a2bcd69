/**
 * Sizes and durations of the api suite, from the environment. The defaults are the real figures
 * of issue 7; BENCH_QUICK=1 shrinks everything for a smoke run while developing.
 */
const quick = process.env.BENCH_QUICK === '1';
const num = (name: string, full: number, smoke: number) => {
  const raw = process.env[name];
  const n = raw === undefined ? (quick ? smoke : full) : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} 需要非负数，收到 "${raw}"`);
  return n;
};
const list = (name: string, full: string, smoke: string) =>
  (process.env[name] ?? (quick ? smoke : full))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);

/** Figures of the api suite, all by default; BENCH_API_ONLY=overhead (a comma list) runs some. */
const FIGURES = ['overhead', 'login', 'list', 'totals', 'lists', 'breadth', 'sorts', 'search'] as const;
export type ApiFigure = (typeof FIGURES)[number];
const only = (process.env.BENCH_API_ONLY ?? FIGURES.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of only) {
  if (!(FIGURES as readonly string[]).includes(name))
    throw new Error(`BENCH_API_ONLY 只认 ${FIGURES.join(', ')}，收到 "${name}"`);
}

export const settings = {
  quick,
  /** Whether this run measures the figure (BENCH_API_ONLY). */
  runs: (figure: ApiFigure) => only.includes(figure),
  /** Seconds per load run, and A/B pairs per ratio (the median pair is reported). */
  seconds: num('BENCH_API_SECONDS', 10, 3),
  pairs: num('BENCH_API_PAIRS', 3, 1),
  /** Connections of the framework-overhead runs. */
  overheadConnections: num('BENCH_API_OVERHEAD_CONNECTIONS', 10, 10),
  /** Gateway row counts of the list runs on SQLite and on PostgreSQL. */
  sqliteRows: list('BENCH_API_SQLITE_ROWS', '1000000,10000000', '100000'),
  postgresRows: list('BENCH_API_PG_ROWS', '1000000,10000000', '100000'),
  /** Admin URL of the PostgreSQL server the scratch database is created on; empty skips it. */
  postgresUrl: process.env.BENCH_API_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  /** Keep the generated PostgreSQL databases (bench_api_<rows>) for the next run instead of dropping them. */
  postgresKeep: process.env.BENCH_API_PG_KEEP === '1',
  /** Platform accounts and stores of the lists-at-scale run (issue 15). */
  listsRows: num('BENCH_API_LISTS_ROWS', 100_000, 100_000),
  /** Stores the scale generator writes for the issue-16 lists run (`npm run seed -- --scale`). */
  breadthStores: num('BENCH_API_BREADTH_STORES', 100_000, 100_000),
  /**
   * Engines of the issue-16 lists run: SQLite (the budget) by default; `sqlite,postgres`
   * adds PostgreSQL (database bench_scale_<stores> on BENCH_API_PG_URL's server, kept for reuse).
   */
  /** Reads of each filter in that run (the first cold); its p99 is their slowest below 100. */
  breadthReads: num('BENCH_API_BREADTH_READS', 25, 25),
  breadthEngines: (process.env.BENCH_API_BREADTH_ENGINES ?? 'sqlite').split(',').map((s) => s.trim()),
  /** Engines of issue 28's every-sort run over the same generated stores (`sqlite,postgres` adds PostgreSQL). */
  sortsEngines: (process.env.BENCH_API_SORTS_ENGINES ?? 'sqlite').split(',').map((s) => s.trim()),
  /** List runs: concurrent clients, deepest random page, page size. */
  listClients: 8,
  maxPage: num('BENCH_API_MAX_PAGE', 5_000, 5_000),
  pageSize: 20,
  /** Requests of the naive peer's run, one per client (it takes seconds per request at these sizes). */
  naiveRequests: num('BENCH_API_NAIVE_REQUESTS', 8, 8),
  /** Timed capped-count calls per engine (the median is reported). */
  countSamples: num('BENCH_API_COUNT_SAMPLES', 31, 11),
  /** Sign-ins per second of the burst, and the other routes' steady request rate beside it. */
  loginRate: num('BENCH_API_LOGIN_RATE', 100, 100),
  otherRate: num('BENCH_API_OTHER_RATE', 100, 100),
};
