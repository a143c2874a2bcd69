import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { type BenchRow, median } from '../report.js';
import { type SignedIn, desktopContext, trackNetwork } from './browser.js';
import { largestContentfulPaint } from './paint.js';

/** One cold load (a new browser context has an empty cache) of `path`; its LCP in ms. */
async function coldLoad(
  browser: Browser,
  baseURL: string,
  path: string,
  ready: string,
  signedIn?: SignedIn,
): Promise<number> {
  const context = await desktopContext(browser, baseURL, signedIn);
  try {
    const page = await context.newPage();
    const network = trackNetwork(page);
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    await network.settle();
    return await largestContentfulPaint(page);
  } finally {
    await context.close();
  }
}

/**
 * Largest contentful paint of /login and of the list screen, desktop profile, cold cache, over
 * loopback: the median of `loads` loads each, taken in turn (login, list, login, list…).
 */
export async function measurePaints(
  browser: Browser,
  baseURL: string,
  signedIn: SignedIn,
  listPath: string,
  loads: number,
): Promise<BenchRow[]> {
  const login: number[] = [];
  const list: number[] = [];
  for (let i = 0; i < loads; i++) {
    login.push(await coldLoad(browser, baseURL, '/login', 'button.ant-btn-primary'));
    list.push(await coldLoad(browser, baseURL, listPath, 'tr.ant-table-row', signedIn));
  }
  const row = (figure: string, values: number[]): BenchRow => {
    const value = median(values);
    return {
      figure,
      value: `${(value / 1000).toFixed(2)} s`,
      budget: '≤ 0.9 s',
      ok: value <= 900,
      detail: `${values.length} 次冷启动的中位数，${values.map((v) => Math.round(v)).join('/')} ms；机器负载 ${loadavg()[0]!.toFixed(1)}`,
    };
  };
  return [row('LCP /login', login), row(`LCP ${listPath}`, list)];
}
