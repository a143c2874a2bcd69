/**
 * The devtools timeline of select-all on a 50-row IP 限制 page (issue 7's one open interaction):
 * four clicks of the header checkbox, time per click by trace event name on the page's main
 * thread (script, style recalculation, paint…), and the whole trace in /tmp/select-trace.json for
 * chrome://tracing. Run after `npm run bench -- console` has built the console:
 *
 *   npx tsx bench/console/trace-select-all.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, signInState, desktopContext, trackNetwork } from './browser.js';
import { startConsoleServer } from './console-server.js';
import { apiSignIn, seedIpRules } from './console-api.js';
import { benchDataDir } from './paths.js';

const consoleBuild = join(benchDataDir, 'console', 'full');

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
}
const server = await startConsoleServer(process.env.OUT ?? consoleBuild);
const browser = await launchChromium();
try {
  const token = await apiSignIn(server.baseURL);
  await seedIpRules(server.baseURL, token, 60);
  const signed = await signInState(browser, server.baseURL);
  const ctx = await desktopContext(browser, server.baseURL, signed);
  const page = await ctx.newPage();
  const net = trackNetwork(page);
  await page.goto('/userMgt/IPRestrictions?size=50');
  const view = page.locator('section.console-view:visible');
  await view.locator('tr.ant-table-row').nth(49).waitFor();
  await net.settle();
  await page.waitForTimeout(500);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  for (let i = 0; i < 4; i++) {
    await view.locator('.ant-table-thead .ant-checkbox-input').first().click();
    await page.waitForTimeout(400);
  }
  const buf = await browser.stopTracing();
  writeFileSync('/tmp/select-trace.json', buf);
  const trace = JSON.parse(buf.toString()) as { traceEvents?: TraceEvent[] };
  const events = trace.traceEvents ?? [];
  const main = new Map<number, number>();
  for (const e of events)
    if (e.name === 'FunctionCall' || e.name === 'EventDispatch') main.set(e.tid, (main.get(e.tid) ?? 0) + 1);
  const tid = [...main.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const by = new Map<string, number>();
  for (const e of events) if (e.tid === tid && e.ph === 'X' && e.dur) by.set(e.name, (by.get(e.name) ?? 0) + e.dur);
  for (const [k, v] of [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log((v / 1000 / 4).toFixed(1).padStart(8), 'ms/click', k);
} finally {
  await browser.close();
  await server.stop();
}
