import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { type BenchRow, median } from '../report.js';
import { type SignedIn, demoPassword, desktopContext, trackNetwork } from './browser.js';
import { firstSeenAt, watchFirstSeen } from './first-seen.js';
import { largestContentfulPaint } from './paint.js';

/** Issue 28: a deep link shows its first rows, and the dashboard its figures after sign-in, within this. */
const BUDGET_MS = 1000;
const rows = 'tr.ant-table-row';
const dashboardFigures = '.dashboard-stat';

/** A list opened by its address in a new, signed-in context (cold cache): first rows and LCP, ms. */
async function deepLink(browser: Browser, baseURL: string, signedIn: SignedIn, path: string) {
  const context = await desktopContext(browser, baseURL, signedIn);
  try {
    const page = await context.newPage();
    await watchFirstSeen(page, rows);
    await page.goto(path);
    const firstRows = await firstSeenAt(page, rows);
    return { firstRows, lcp: await largestContentfulPaint(page) };
  } finally {
    await context.close();
  }
}

/**
 * The sign-in form submitted on a cold /login (new context): ms from the click to the dashboard's
 * figure cards on screen — the shell, the dashboard's chunk and its summary request after it.
 */
async function dashboardAfterSignIn(browser: Browser, baseURL: string): Promise<number> {
  const context = await desktopContext(browser, baseURL);
  try {
    const page = await context.newPage();
    const network = trackNetwork(page);
    await watchFirstSeen(page, dashboardFigures);
    await page.goto('/login');
    await page
      .getByPlaceholder(/登录名|账号|用户名/)
      .first()
      .fill('admin');
    await page.getByPlaceholder('密码', { exact: true }).first().fill(demoPassword);
    const submit = page.getByRole('button', { name: /^登\s*录$/ });
    await submit.waitFor();
    // The form's own lazy parts (the image-code row) are in before the clock starts.
    await network.settle();
    const clicked = await page.evaluate(() => performance.now());
    await submit.click();
    return (await firstSeenAt(page, dashboardFigures)) - clicked;
  } finally {
    await context.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const list = (values: number[]) => values.map((v) => Math.round(v)).join('/');

/** One server under test and a signed-in state for it. */
export interface DeepLinkTarget {
  baseURL: string;
  signedIn: SignedIn;
}

/**
 * Each list in `paths` opened by its address, `loads` cold loads each, and the dashboard after
 * signing in, as often: medians against issue 28's 1.0 s. With several targets (an A/B of two
 * builds) every load is taken on each in turn, so both see the same machine load; the rows come
 * interleaved, figure by figure, one per target.
 */
export async function measureDeepLinks(
  browser: Browser,
  targets: readonly DeepLinkTarget[],
  paths: readonly string[],
  loads: number,
): Promise<BenchRow[]> {
  const lists = targets.map(() => new Map(paths.map((path) => [path, [] as { firstRows: number; lcp: number }[]])));
  const dashboards = targets.map(() => [] as number[]);
  for (let i = 0; i < loads; i++) {
    for (const path of paths) {
      for (const [t, target] of targets.entries())
        lists[t]!.get(path)!.push(await deepLink(browser, target.baseURL, target.signedIn, path));
    }
    for (const [t, target] of targets.entries())
      dashboards[t]!.push(await dashboardAfterSignIn(browser, target.baseURL));
  }
  const load = `机器负载 ${loadavg()[0]!.toFixed(1)}`;
  const out: BenchRow[] = [];
  for (const path of paths) {
    for (const byPath of lists) {
      const loadsOf = byPath.get(path)!;
      const firstRows = loadsOf.map((l) => l.firstRows);
      const lcp = loadsOf.map((l) => l.lcp);
      const value = median(firstRows);
      out.push({
        figure: `深链接 ${path} 首行出现（冷启动，已登录）`,
        value: seconds(value),
        budget: '≤ 1.0 s',
        ok: value <= BUDGET_MS,
        detail: `${loadsOf.length} 次的中位数，${list(firstRows)} ms；LCP 中位数 ${seconds(median(lcp))}（${list(lcp)}）；${load}`,
      });
    }
  }
  for (const dashboard of dashboards) {
    const value = median(dashboard);
    out.push({
      figure: '登录后首页概览出现（点击登录起）',
      value: seconds(value),
      budget: '≤ 1.0 s',
      ok: value <= BUDGET_MS,
      detail: `${dashboard.length} 次的中位数，${list(dashboard)} ms（含登录接口与密码哈希）；${load}`,
    });
  }
  return out;
}
