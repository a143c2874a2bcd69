/**
 * What stands before /login's largest contentful paint: one cold load (new context) traced.
 * Prints the LCP element, the resource timings and the main thread's time by trace event name
 * up to the LCP, and writes the trace to /tmp/login-trace.json for chrome://tracing.
 *
 *   OUT=<console build> npx tsx bench/console/trace-login.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { desktopContext, launchChromium, trackNetwork } from './browser.js';
import { startConsoleServer } from './console-server.js';
import { benchDataDir } from './paths.js';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: Record<string, unknown>;
}

const server = await startConsoleServer(process.env.OUT ?? join(benchDataDir, 'console', 'full'));
const browser = await launchChromium();
try {
  // A warm-up load, so the server's first-request costs do not land in the traced one.
  const warm = await desktopContext(browser, server.baseURL);
  await (await warm.newPage()).goto('/login');
  await warm.close();
  const ctx = await desktopContext(browser, server.baseURL);
  const page = await ctx.newPage();
  const net = trackNetwork(page);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', 'v8'],
  });
  await page.goto('/login');
  await page.locator('button.ant-btn-primary').first().waitFor();
  await net.settle();
  const info = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        new PerformanceObserver((list) => {
          const all = list.getEntries() as (PerformanceEntry & { element?: Element; size: number; url: string })[];
          resolve({
            candidates: all.map((e) => ({
              t: Math.round(e.startTime),
              size: e.size,
              url: e.url,
              el: e.element
                ? `${e.element.tagName}.${e.element.className} "${(e.element.textContent ?? '').slice(0, 30)}"`
                : null,
            })),
            paints: performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)}`),
            resources: performance.getEntriesByType('resource').map((r) => {
              const t = r as PerformanceResourceTiming & { renderBlockingStatus?: string };
              return `${t.name.replace(location.origin, '')} start ${Math.round(t.startTime)} end ${Math.round(t.responseEnd)} ${t.renderBlockingStatus} ${t.transferSize}B`;
            }),
            nav: (() => {
              const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
              return `responseEnd ${Math.round(n.responseEnd)} domInteractive ${Math.round(n.domInteractive)} dcl ${Math.round(n.domContentLoadedEventEnd)}`;
            })(),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  console.log(JSON.stringify(info, null, 1));
  const buf = await browser.stopTracing();
  writeFileSync('/tmp/login-trace.json', buf);
  const events = (JSON.parse(buf.toString()) as { traceEvents?: TraceEvent[] }).traceEvents ?? [];
  const nav = events.filter((e) => e.name === 'navigationStart' && JSON.stringify(e.args).includes('127.0.0.1')).at(-1);
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
  const count = new Map<number, number>();
  for (const e of events)
    if (e.name === 'FunctionCall' || e.name === 'ParseHTML') count.set(e.tid, (count.get(e.tid) ?? 0) + 1);
  const tid = [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const t0 = nav?.ts ?? 0;
  const end = lcp?.ts ?? Infinity;
  console.log('lcp trace', lcp ? (lcp.ts - t0) / 1000 : null);
  for (const e of events)
    if (/Candidate|firstContentfulPaint/.test(e.name) && e.ts >= t0)
      console.log(
        'candidate',
        ((e.ts - t0) / 1000).toFixed(0),
        e.name,
        JSON.stringify(e.args?.data ?? {}).slice(0, 160),
      );
  const by = new Map<string, number>();
  const top: TraceEvent[] = [];
  for (const e of events) {
    if (e.tid !== tid || e.ph !== 'X' || !e.dur || e.ts > end) continue;
    by.set(e.name, (by.get(e.name) ?? 0) + e.dur);
    if (e.dur > 15_000) top.push(e);
  }
  for (const [k, v] of [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log((v / 1000).toFixed(1).padStart(8), 'ms', k);
  for (const e of top.sort((a, b) => a.ts - b.ts))
    console.log(
      ((e.ts - t0) / 1000).toFixed(0).padStart(6),
      '+',
      (e.dur! / 1000).toFixed(1).padStart(6),
      e.name,
      JSON.stringify(e.args?.data ?? e.args ?? {}).slice(0, 140),
    );
} finally {
  await browser.close();
  await server.stop();
}
