/**
 * Select-all on a 50-row IP 限制 page (issue 7's select-all interaction) taken apart, for A/B work
 * on a loaded machine: per click, the Event Timing duration the bench reports (wall clock) beside
 * the main thread's CPU time from a devtools trace — the click's handlers (React's render and
 * commit), the style recalculation and paint of the frame after it, and all main-thread work in
 * the 600 ms after the click (CSS transitions included). CPU time moves far less with the load of
 * other processes than wall clock does.
 *
 * Several builds are compared in turn (each served by its own server; the order alternates every
 * round), and for each the JavaScript the list screen loads cold (gzip -9, as the bench counts
 * it). Run after `npm run bench -- console` has built the console, or point OUT at vite builds:
 *
 *   npx tsx bench/console/trace-select-all.ts
 *   OUT=/tmp/before,/tmp/after ROUNDS=5 npx tsx bench/console/trace-select-all.ts
 *
 * The last round's trace of each build is written to /tmp/select-trace-<n>.json (chrome://tracing).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { median } from '../report.js';
import { type SignedIn, desktopContext, launchChromium, signInState, trackNetwork } from './browser.js';
import { apiSignIn, seedIpRules } from './console-api.js';
import { type ConsoleServer, startConsoleServer } from './console-server.js';
import { clearEventTiming, installEventTiming, longestInteraction } from './interactions.js';
import { benchDataDir } from './paths.js';
import { GzipSizes, kb, recordScripts } from './script-bytes.js';

const builds = (process.env.OUT ?? join(benchDataDir, 'console', 'full')).split(',');
const rounds = Number(process.env.ROUNDS ?? 3);
const clicks = Number(process.env.CLICKS ?? 4);
const listPath = '/userMgt/IPRestrictions';
// After a click: long enough for the row transitions (0.2 s) and the checkbox animations to end.
const AFTER_MS = 600;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  args?: { data?: { type?: string } };
}

interface Click {
  /** Event Timing duration (ms): what the bench's figure takes the median of. */
  event: number;
  /** CPU ms of the click's dispatch: the handlers and React's synchronous render and commit. */
  script: number;
  /** CPU ms of the first style recalculation and paint after the click. */
  style: number;
  paint: number;
  /** CPU ms of every main-thread task in the AFTER_MS after the click. */
  total: number;
}

const cpu = (e: TraceEvent | undefined) => (e?.tdur ?? 0) / 1000;

/** The clicks of one trace, by the main thread's events (the thread that dispatched them). */
function splitClicks(events: TraceEvent[]): Omit<Click, 'event'>[] {
  const dispatches = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  const tid = dispatches[0]?.tid;
  const main = events.filter((e) => e.tid === tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  return dispatches.map((click) => {
    const end = click.ts + (click.dur ?? 0);
    const after = main.filter((e) => e.ts >= end);
    const within = main.filter(
      (e) => e.name === 'RunTask' && e.ts >= click.ts - 50_000 && e.ts < click.ts + AFTER_MS * 1000,
    );
    return {
      script: cpu(click),
      style: cpu(after.find((e) => e.name === 'UpdateLayoutTree')),
      paint: cpu(after.find((e) => e.name === 'Paint')),
      total: within.reduce((sum, e) => sum + cpu(e), 0),
    };
  });
}

async function measureRound(browser: Browser, server: ConsoleServer, signed: SignedIn, n: number): Promise<Click[]> {
  const ctx = await desktopContext(browser, server.baseURL, signed);
  try {
    const page = await ctx.newPage();
    await installEventTiming(page);
    const net = trackNetwork(page);
    await page.goto(`${listPath}?size=50`);
    const view = page.locator('section.console-view:visible');
    await view.locator('tr.ant-table-row').nth(49).waitFor();
    await net.settle();
    await page.waitForTimeout(500);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const durations: number[] = [];
    for (let i = 0; i < clicks; i++) {
      await clearEventTiming(page);
      await view.locator('.ant-table-thead .ant-checkbox-input').first().click();
      durations.push(await longestInteraction(page));
      await page.waitForTimeout(AFTER_MS);
    }
    const buf = await browser.stopTracing();
    writeFileSync(`/tmp/select-trace-${n}.json`, buf);
    const events = (JSON.parse(buf.toString()) as { traceEvents?: TraceEvent[] }).traceEvents ?? [];
    return splitClicks(events).map((c, i) => ({ ...c, event: durations[i] ?? 0 }));
  } finally {
    await ctx.close();
  }
}

/** The list screen opened directly with a cold cache: every script it loads, gzip -9, summed. */
async function coldScripts(browser: Browser, server: ConsoleServer, signed: SignedIn, dist: string): Promise<number> {
  const ctx = await desktopContext(browser, server.baseURL, signed);
  try {
    const page: Page = await ctx.newPage();
    const scripts = recordScripts(page, server.baseURL);
    const net = trackNetwork(page);
    await page.goto(listPath);
    await page.locator('section.console-view:visible .ant-table').first().waitFor();
    await net.settle();
    return new GzipSizes(dist).sum(scripts);
  } finally {
    await ctx.close();
  }
}

// One at a time: each takes the first free port, which parallel starts would race for.
const servers: ConsoleServer[] = [];
for (const dist of builds) servers.push(await startConsoleServer(dist));
const browser = await launchChromium();
try {
  const signedIn: SignedIn[] = [];
  for (const server of servers) {
    await seedIpRules(server.baseURL, await apiSignIn(server.baseURL), 60);
    signedIn.push(await signInState(browser, server.baseURL));
  }
  const results = builds.map(() => [] as Click[]);
  const loads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = builds.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      loads.push(loadavg()[0]!);
      results[i]!.push(...(await measureRound(browser, servers[i]!, signedIn[i]!, i)));
    }
  }
  const cols = ['event', 'script', 'style', 'paint', 'total'] as const;
  console.log(
    `select-all, ${rounds} rounds × ${clicks} clicks per build; load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  );
  console.log('median ms (CPU except event)'.padEnd(32), ...cols.map((c) => c.padStart(8)), '  cold list JS');
  for (const [i, dist] of builds.entries()) {
    const clicksOf = results[i]!;
    const bytes = await coldScripts(browser, servers[i]!, signedIn[i]!, dist);
    console.log(
      basename(dist).padEnd(32),
      ...cols.map((c) =>
        median(clicksOf.map((k) => k[c]))
          .toFixed(1)
          .padStart(8),
      ),
      ' ',
      kb(bytes),
    );
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
}
