import { constants, gzipSync } from 'node:zlib';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { BenchRow, BenchSuite } from '../report.js';
import { launchChromium, signInState } from './browser.js';
import { type BuiltChunk, type ConsoleBuild, buildConsole, entryChunk, staticClosure } from './build-console.js';
import { apiSignIn, menuPagePaths, seedIpRules } from './console-api.js';
import { type ConsoleServer, startConsoleServer } from './console-server.js';
import { chartLibraryFiles, lazyCodeRows } from './lazy-code.js';
import { measureDeepLinks } from './measure-deep-links.js';
import { measureInteractions } from './measure-interactions.js';
import { measureFirstListScripts, measureLoginScripts, measureScreens } from './measure-screens.js';
import { measurePaints } from './measure-paints.js';
import { screenChunkRows } from './screen-chunks.js';
import { kb } from './script-bytes.js';

const quick = process.env.BENCH_QUICK === '1';
const settings = {
  /** Cold loads per page for the paint medians. */
  loads: Number(process.env.BENCH_CONSOLE_LOADS ?? (quick ? 3 : 7)),
  /** Repetitions of each interaction. */
  repeats: Number(process.env.BENCH_CONSOLE_REPEATS ?? (quick ? 2 : 5)),
  /** Extra IP 限制 rules, so the 50-row page is full and there is a second page. */
  seedRows: Number(process.env.BENCH_CONSOLE_ROWS ?? 60),
  /** The first list screen: loaded cold; the interaction figures are taken on it. */
  listPath: process.env.BENCH_CONSOLE_LIST ?? '/userMgt/IPRestrictions',
  /** Lists opened by their address for issue 28's deep-link figure (comma-separated). */
  deepLinks: (
    process.env.BENCH_CONSOLE_DEEP_LINKS ?? '/userMgt/IPRestrictions,/userMgt/seeStore,/operationLog/operationLog'
  )
    .split(',')
    .filter(Boolean),
  /**
   * `0`: serve the build without its route map, so deep links get no modulepreload; `ab`: both
   * builds at once, loads taken in turn (the A/B of issue 28).
   */
  preloads: process.env.BENCH_CONSOLE_PRELOADS ?? '1',
};

const gzipOf = (file: string) => gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;

/** Gzip size of a chunk and everything it imports statically: what loads whenever it loads. */
function loadedWith(built: ConsoleBuild, chunk: BuiltChunk): number {
  return staticClosure(built.chunks, chunk).reduce((sum, c) => sum + gzipOf(join(built.outDir, c.fileName)), 0);
}

/**
 * The entry with every screen registered against the one-screen build. The bundler splits shared
 * code differently when fewer pages exist, so the figure is the entry with its static imports;
 * the entry file alone is in the detail.
 */
async function entryRatioRow(): Promise<{ row: BenchRow; full: ConsoleBuild }> {
  const one = await buildConsole('one-screen');
  const full = await buildConsole('full');
  const ratio = loadedWith(full, entryChunk(full)) / loadedWith(one, entryChunk(one));
  const fullFile = gzipOf(join(full.outDir, entryChunk(full).fileName));
  const oneFile = gzipOf(join(one.outDir, entryChunk(one).fileName));
  return {
    full,
    row: {
      figure: '入口 chunk（含静态依赖）：全部页面 / 单个页面',
      value: `${ratio.toFixed(3)}×`,
      budget: '≤ 1.1×',
      ok: ratio <= 1.1,
      detail: `gzip ${kb(loadedWith(full, entryChunk(full)))} / ${kb(loadedWith(one, entryChunk(one)))}；入口文件本身 ${kb(fullFile)} / ${kb(oneFile)}（vite --mode one-screen 只注册 IP 限制）`,
    },
  };
}

/** A copy of a build without its route map: the server then preloads nothing for deep links. */
function withoutPreloads(outDir: string): string {
  const copy = `${outDir}-no-preloads`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(outDir, copy, { recursive: true });
  rmSync(join(copy, '.vite/route-modules.json'));
  return copy;
}

/** Issue 28's figures alone from one build: deep links to lists and the dashboard after sign-in. */
async function deepLinkRows(): Promise<BenchRow[]> {
  const full = await buildConsole('full');
  const variants =
    settings.preloads === 'ab'
      ? [
          { label: '', dir: full.outDir },
          { label: '（无 modulepreload）', dir: withoutPreloads(full.outDir) },
        ]
      : [{ label: '', dir: settings.preloads === '0' ? withoutPreloads(full.outDir) : full.outDir }];
  // One after the other: each takes the first free port of the range once the one before listens.
  const servers: ConsoleServer[] = [];
  let browser: Browser | undefined;
  try {
    for (const v of variants) servers.push(await startConsoleServer(v.dir));
    browser = await launchChromium();
    const runs = [];
    for (const server of servers) {
      await seedIpRules(server.baseURL, await apiSignIn(server.baseURL), settings.seedRows);
      runs.push({ baseURL: server.baseURL, signedIn: await signInState(browser, server.baseURL) });
    }
    const rows = await measureDeepLinks(browser, runs, settings.deepLinks, settings.loads);
    return rows.map((row, i) => ({ ...row, figure: `${row.figure}${variants[i % variants.length]!.label}` }));
  } finally {
    await browser?.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/**
 * `/login` and the first list screen cold, the two byte budgets, from one build and one server:
 * no timing runs, no menu walk, so bytes can be measured on a loaded machine (~2 minutes).
 */
async function byteRows(): Promise<BenchRow[]> {
  const full = await buildConsole('full');
  const server = await startConsoleServer(full.outDir);
  let browser: Browser | undefined;
  try {
    await seedIpRules(server.baseURL, await apiSignIn(server.baseURL), settings.seedRows);
    browser = await launchChromium();
    const signedIn = await signInState(browser, server.baseURL);
    const login = await measureLoginScripts(browser, server.baseURL, full.outDir);
    return [
      login.row,
      await measureFirstListScripts(browser, server.baseURL, full.outDir, signedIn, settings.listPath),
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}

async function run(): Promise<BenchRow[]> {
  // `BENCH_CONSOLE_ONLY=bytes`: the /login and first-list byte budgets alone (~2 minutes).
  if (process.env.BENCH_CONSOLE_ONLY === 'bytes') return byteRows();
  // `BENCH_CONSOLE_ONLY=chunks`: the per-screen bytes from one build, without a browser (~1 minute).
  if (process.env.BENCH_CONSOLE_ONLY === 'chunks')
    return screenChunkRows(await buildConsole('full'), settings.listPath);
  // `BENCH_CONSOLE_ONLY=deep-links`: issue 28's rows alone (~2 minutes).
  if (process.env.BENCH_CONSOLE_ONLY === 'deep-links') return deepLinkRows();
  const rows: BenchRow[] = [];
  const { row, full } = await entryRatioRow();
  const server = await startConsoleServer(full.outDir);
  let browser: Browser | undefined;
  try {
    const token = await apiSignIn(server.baseURL);
    await seedIpRules(server.baseURL, token, settings.seedRows);
    const menuPaths = await menuPagePaths(server.baseURL, token);
    browser = await launchChromium();
    const signedIn = await signInState(browser, server.baseURL);

    const login = await measureLoginScripts(browser, server.baseURL, full.outDir);
    rows.push(login.row);
    rows.push(
      ...(await measureScreens(
        browser,
        server.baseURL,
        full.outDir,
        signedIn,
        settings.listPath,
        menuPaths,
        chartLibraryFiles(full.chunks),
      )),
    );
    rows.push(row);
    rows.push(...screenChunkRows(full, settings.listPath));
    const eager = new Set(staticClosure(full.chunks, entryChunk(full)).map((c) => c.fileName));
    for (const path of login.scripts) eager.add(path.replace(/^\//, ''));
    rows.push(...lazyCodeRows(full.chunks, eager));
    rows.push(...(await measureInteractions(browser, server.baseURL, signedIn, settings.listPath, settings.repeats)));
    rows.push(...(await measurePaints(browser, server.baseURL, signedIn, settings.listPath, settings.loads)));
    rows.push(
      ...(await measureDeepLinks(browser, [{ baseURL: server.baseURL, signedIn }], settings.deepLinks, settings.loads)),
    );
  } finally {
    await browser?.close();
    await server.stop();
  }
  return rows;
}

export const consoleSuite: BenchSuite = {
  name: 'console',
  title: '控制台（Chromium，回环地址）',
  run,
};
