import type { Browser, Page } from 'playwright-core';
import type { BenchRow } from '../report.js';
import { type SignedIn, desktopContext, spaNavigate, trackNetwork } from './browser.js';
import { GzipSizes, kb, recordScripts } from './script-bytes.js';
import { antdStyleRows } from './antd-styles.js';

const KB = 1024;

/** /login from a cold cache: every script it loads, and the gzip total against 290 KB. */
export async function measureLoginScripts(
  browser: Browser,
  baseURL: string,
  distDir: string,
): Promise<{ row: BenchRow; scripts: string[] }> {
  const sizes = new GzipSizes(distDir);
  const context = await desktopContext(browser, baseURL);
  try {
    const page = await context.newPage();
    const scripts = recordScripts(page, baseURL);
    const network = trackNetwork(page);
    await page.goto('/login');
    await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    await network.settle();
    const total = sizes.sum(scripts);
    return {
      scripts: [...scripts],
      row: {
        figure: '/login 的 JavaScript（gzip）',
        value: kb(total),
        budget: '≤ 290 KB',
        ok: total <= 290 * KB,
        detail: `${scripts.length} 个文件，各自 gzip -9 后相加`,
      },
    };
  } finally {
    await context.close();
  }
}

/** The shown tab's screen (hidden tabs stay in the DOM, display: none). */
const shownView = (page: Page) => page.locator('section.console-view:visible');

/** The first list screen's cold load against 400 KB. */
function firstListRow(listPath: string, total: number, files: number): BenchRow {
  return {
    figure: `首个列表页 ${listPath} 冷启动全部 JavaScript（gzip）`,
    value: kb(total),
    budget: '≤ 400 KB',
    ok: total <= 400 * KB,
    detail: `${files} 个文件（已登录，直接打开）`,
  };
}

/**
 * Signed in, cold cache, the list opened by its address until its table shows and the network is
 * quiet: the scripts it loaded, in a page the caller goes on using (measureScreens' menu walk).
 */
async function openListCold(page: Page, baseURL: string, listPath: string) {
  const scripts = recordScripts(page, baseURL);
  const network = trackNetwork(page);
  await page.goto(listPath);
  await shownView(page).locator('.ant-table').first().waitFor();
  await network.settle();
  return { scripts, network };
}

/** The first list screen's cold bytes alone (`BENCH_CONSOLE_ONLY=bytes`), without the menu walk. */
export async function measureFirstListScripts(
  browser: Browser,
  baseURL: string,
  distDir: string,
  signedIn: SignedIn,
  listPath: string,
): Promise<BenchRow> {
  const context = await desktopContext(browser, baseURL, signedIn);
  try {
    const { scripts } = await openListCold(await context.newPage(), baseURL, listPath);
    return firstListRow(listPath, new GzipSizes(distDir).sum(scripts), scripts.length);
  } finally {
    await context.close();
  }
}

interface Visit {
  path: string;
  added: number;
  rows: number;
}

/**
 * Signed in as admin with a cold cache: the first list screen opened directly (all scripts it
 * loads), then every page of the admin's menu in turn inside the console, as a menu click would;
 * each list screen (one whose view holds a table) adds its new scripts. Menu pages the console has
 * not built yet end on 404 and are skipped; new screens are picked up without editing this file.
 */
export async function measureScreens(
  browser: Browser,
  baseURL: string,
  distDir: string,
  signedIn: SignedIn,
  listPath: string,
  menuPaths: readonly string[],
  chartLibrary: ReadonlySet<string>,
): Promise<BenchRow[]> {
  const sizes = new GzipSizes(distDir);
  const context = await desktopContext(browser, baseURL, signedIn);
  try {
    const page = await context.newPage();
    const { scripts, network } = await openListCold(page, baseURL, listPath);
    const first = sizes.sum(scripts);
    const firstFiles = scripts.length;

    const visits: Visit[] = [];
    // The shared ECharts download, counted once on its own row (lazy-code.ts chartLibraryFiles).
    let chartLibraryBytes = 0;
    const notBuilt: string[] = [];
    const other: string[] = [];
    for (const path of menuPaths) {
      if (path === listPath) continue;
      const before = scripts.length;
      await spaNavigate(page, path);
      await network.settle();
      const at = new URL(page.url()).pathname;
      if (at === '/404') {
        notBuilt.push(path);
        // Back into the console shell for the next visit.
        await spaNavigate(page, listPath);
        await network.settle();
        continue;
      }
      const view = shownView(page);
      // The screen's chunk may still be evaluating after the network went quiet (tab-pane.tsx's skeleton).
      await view.locator('.console-view-skeleton').waitFor({ state: 'detached', timeout: 30_000 });
      await network.settle();
      if ((await view.locator('.ant-table').count()) === 0) {
        other.push(path);
        continue;
      }
      const fetched = scripts.slice(before);
      chartLibraryBytes += sizes.sum(fetched.filter((f) => chartLibrary.has(f)));
      visits.push({
        path,
        added: sizes.sum(fetched.filter((f) => !chartLibrary.has(f))),
        // Visible rows only: a screen's kept-alive inner tabs hold hidden tables.
        rows: await view.locator('tr.ant-table-row:visible').count(),
      });
    }
    const largest = visits.reduce<Visit | undefined>((max, v) => (!max || v.added > max.added ? v : max), undefined);
    const over = visits.filter((v) => v.added > 60 * KB).map((v) => `${v.path} ${kb(v.added)}`);
    const styleRows = await antdStyleRows(page);
    const mostRows = Math.max(await shownRows(page, listPath), ...visits.map((v) => v.rows));
    const mostRowsPath = visits.find((v) => v.rows === mostRows)?.path;
    return [
      firstListRow(listPath, first, firstFiles),
      {
        figure: '其后每个列表页新增的 JavaScript（最大值）',
        value: largest ? kb(largest.added) : '无其他列表页',
        budget: '≤ 60 KB',
        ok: !largest || largest.added <= 60 * KB,
        detail: `${visits.length} 个列表页${largest ? `，最大 ${largest.path}` : ''}${over.length ? `（超出：${over.join('，')}）` : ''}；${other.length} 个非列表页${other.length ? `（${other.join(' ')}）` : ''}，${notBuilt.length} 个菜单页尚未构建`,
      },
      {
        figure: '图表库 ECharts（懒加载，全部图表页共用一次）',
        value: kb(chartLibraryBytes),
        budget: '≤ 200 KB',
        ok: chartLibraryBytes <= 200 * KB,
        detail: `首个画图的页面加载，之后的图表页不再下载；不计入各页面的增量（${[...chartLibrary].map((f) => f.replace(/^\/assets\//, '')).join('、') || '构建中没有'}）`,
      },
      {
        figure: '列表一页渲染的行数（最大值）',
        value: `${mostRows} 行`,
        budget: '≤ 100 行（否则虚拟滚动）',
        ok: mostRows <= 100,
        detail: `分页大小 10/20/30/50，最多 50 行一页${mostRowsPath ? `；最多的是 ${mostRowsPath}` : ''}`,
      },
      ...styleRows,
    ];
  } finally {
    await context.close();
  }
}

/** Rows of the list at its largest page size (50), so the row figure covers the worst case. */
async function shownRows(page: Page, listPath: string): Promise<number> {
  await page.goto(`${listPath}?size=50`);
  const rows = shownView(page).locator('tr.ant-table-row:visible');
  await rows.first().waitFor();
  await page.waitForTimeout(300);
  return rows.count();
}
