/// <reference lib="dom" />
// Some functions here run in the page (page.evaluate), where the DOM exists.
import type { Page } from 'playwright-core';

/** Event Timing entries at or above this duration are reported (the browser's minimum is 16 ms). */
export const DURATION_THRESHOLD = 16;

/**
 * Installed before the console's own scripts: keeps every Event Timing entry of an interaction
 * (the `event` type with durationThreshold 16). An entry's duration runs from the input's hardware
 * timestamp to the next paint after its handlers, so it is the delay the operator sees.
 */
export async function installEventTiming(page: Page): Promise<void> {
  await page.addInitScript((threshold) => {
    const w = window as unknown as { __benchEvents: { name: string; duration: number; interactionId: number }[] };
    w.__benchEvents = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        w.__benchEvents.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId });
      }
    }).observe({ type: 'event', durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
  }, DURATION_THRESHOLD);
}

export async function clearEventTiming(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __benchEvents: unknown[] }).__benchEvents = [];
  });
}

/**
 * The longest interaction entry since the last clear, in ms; 0 when every event of it stayed under
 * the 16 ms threshold (nothing is reported then).
 */
export async function longestInteraction(page: Page): Promise<number> {
  // Entries are delivered after the paint that ends them; give the observer a moment.
  await page.waitForTimeout(150);
  return page.evaluate(() => {
    const events = (window as unknown as { __benchEvents: { duration: number; interactionId: number }[] })
      .__benchEvents;
    return events.filter((e) => e.interactionId > 0).reduce((max, e) => Math.max(max, e.duration), 0);
  });
}

export const msText = (ms: number): string => (ms < DURATION_THRESHOLD ? `< ${DURATION_THRESHOLD} ms` : `${ms} ms`);
