/// <reference lib="dom" />
// Some functions here run in the page (page.evaluate, addInitScript), where the DOM exists.
import type { Page } from 'playwright-core';

type Recorded = Window & { firstSeen?: Record<string, number> };

/**
 * From the page's first script on, notes when an element matching `selector` is first in the
 * document, as the frame after it (ms since navigation start, `performance.now()`): when it is on
 * screen. LCP cannot say this for a list, whose largest element is the loading spinner's text.
 */
export async function watchFirstSeen(page: Page, selector: string): Promise<void> {
  // A string, not a function: tsx compiles named functions with a `__name` helper the page lacks.
  await page.addInitScript(`(() => {
    const sel = ${JSON.stringify(selector)};
    const seen = (window.firstSeen ??= {});
    const observer = new MutationObserver(() => {
      if (sel in seen || !document.querySelector(sel)) return;
      seen[sel] = -1;
      observer.disconnect();
      requestAnimationFrame(() => (seen[sel] = performance.now()));
    });
    observer.observe(document, { childList: true, subtree: true });
  })();`);
}

/** When `selector` was first painted, once it has been (see `watchFirstSeen`). */
export async function firstSeenAt(page: Page, selector: string): Promise<number> {
  await page.waitForFunction((sel) => ((window as Recorded).firstSeen?.[sel] ?? -1) >= 0, selector, {
    timeout: 30_000,
  });
  return page.evaluate((sel) => (window as Recorded).firstSeen![sel]!, selector);
}
