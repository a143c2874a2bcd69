import { loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { type BenchRow, median } from '../report.js';
import { type SignedIn, desktopContext, trackNetwork } from './browser.js';
import { largestContentfulPaint } from './paint.js';

type Recorded = Window & { lcpElements?: string[] };

/**
 * Records each largest-contentful-paint entry's element as `tag.class` when it is reported: by the
 * time the page has settled, the sign-in hero from index.html has been replaced by React's, and an
 * entry's `element` reads null once its element has left the page.
 */
async function recordLcpElements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        const element = entry.element;
        const name = element
          ? `${element.tagName.toLowerCase()}${element.classList[0] ? `.${element.classList[0]}` : ''}`
          : '?';
        ((window as Recorded).lcpElements ??= []).push(name);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/**
 * One cold load (a new browser context has an empty cache) of `path`: its LCP in ms, and for the
 * detail the LCP element (the sign-in page's hero paints from index.html before React replaces it).
 */
async function coldLoad(
  browser: Browser,
  baseURL: string,
  path: string,
  ready: string,
  signedIn?: SignedIn,
): Promise<{ lcp: number; element: string }> {
  const context = await desktopContext(browser, baseURL, signedIn);
  try {
    const page = await context.newPage();
    const network = trackNetwork(page);
    await recordLcpElements(page);
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    await network.settle();
    const lcp = await largestContentfulPaint(page);
    const element = await page.evaluate(() => (window as Recorded).lcpElements?.at(-1) ?? '?');
    return { lcp, element };
  } finally {
    await context.close();
  }
}

/** The element most loads reported, with how many of them did. */
function commonest(elements: string[]): string {
  const counts = new Map<string, number>();
  for (const element of elements) counts.set(element, (counts.get(element) ?? 0) + 1);
  const [element, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['?', 0];
  return `${element}（${count}/${elements.length}）`;
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
  const login: { lcp: number; element: string }[] = [];
  const list: { lcp: number; element: string }[] = [];
  for (let i = 0; i < loads; i++) {
    login.push(await coldLoad(browser, baseURL, '/login', 'button.ant-btn-primary'));
    list.push(await coldLoad(browser, baseURL, listPath, 'tr.ant-table-row', signedIn));
  }
  const row = (figure: string, loadsOf: { lcp: number; element: string }[]): BenchRow => {
    const values = loadsOf.map((load) => load.lcp);
    const value = median(values);
    return {
      figure,
      value: `${(value / 1000).toFixed(2)} s`,
      budget: '≤ 0.9 s',
      ok: value <= 900,
      detail: `${values.length} 次冷启动的中位数，${values.map((v) => Math.round(v)).join('/')} ms；LCP 元素 ${commonest(loadsOf.map((load) => load.element))}；机器负载 ${loadavg()[0]!.toFixed(1)}`,
    };
  };
  return [row('LCP /login', login), row(`LCP ${listPath}`, list)];
}
