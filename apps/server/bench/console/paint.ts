/// <reference lib="dom" />
// Some functions here run in the page (page.evaluate), where the DOM exists.
import type { Page } from 'playwright-core';

/**
 * The page's largest contentful paint so far, in ms since navigation start (the browser's last
 * `largest-contentful-paint` entry; it stops changing once the page is settled).
 */
export function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1);
          if (last) resolve(last.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => reject(new Error('没有 largest-contentful-paint 记录')), 5_000);
      }),
  );
}
