import { readFileSync } from 'node:fs';
import { agent1Gateway } from './client.js';
import { sqliteDatabase } from './data.js';
import { load } from './load.js';
import { type ServerUnderTest, startServer } from './server-process.js';

/**
 * Server CPU per request over real HTTP, as the framework-overhead figure loads it: the bench
 * server child processes (bundled as `npm start` runs them), autocannon with 10 connections and a
 * fixed number of requests, and the server's user + system time from /proc/<pid>/stat around each
 * run. Unlike requests/s, CPU time hardly moves with the other work on the machine, and unlike
 * cpu-per-request.ts (app.inject) it counts the socket, the HTTP parser and the log file writes.
 *
 *   npx tsx bench/api/cpu-over-http.ts                      # hello + the current sources, 5 rounds
 *   HTTP_BUNDLES=a.mjs,b.mjs npx tsx bench/api/cpu-over-http.ts   # A/B of two earlier bundles
 *
 * A bundle for A/B is a copy of bench/.data/compiled/api-server-entry.mjs (written by any run)
 * kept in the same folder, so its bare imports still resolve to the workspace's node_modules.
 */
const REQUESTS = Number(process.env.HTTP_REQUESTS ?? 30_000);
const ROUNDS = Number(process.env.HTTP_ROUNDS ?? 5);
const CONNECTIONS = 10;
/** Kernel clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** User + system CPU seconds of a process so far, every thread included. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** Write-type system calls of a process so far (write, writev…: responses, log lines, wake-ups). */
function writeCalls(pid: number): number {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  return Number(/syscw:\s*(\d+)/.exec(io)?.[1] ?? NaN);
}

interface Side {
  name: string;
  server: ServerUnderTest;
  target: { url: string; headers?: Record<string, string> };
  cpu: number[];
  rps: number[];
  writes: number[];
}

async function productSide(name: string, databaseUrl: string, bundle?: string): Promise<Side> {
  const server = await startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', SEED_DEMO: '0' }, bundle);
  const { token, id } = await agent1Gateway(server.url);
  return {
    name,
    server,
    target: { url: `${server.url}/api/ZKBManager/getDevice?id=${id}`, headers: { token } },
    cpu: [],
    rps: [],
    writes: [],
  };
}

async function main(): Promise<void> {
  const databaseUrl = await sqliteDatabase(100_000, console.log);
  const bundles = process.env.HTTP_BUNDLES?.split(',').filter(Boolean);
  const sides: Side[] = [];
  try {
    const hello = await startServer({ BENCH_MODE: 'hello' });
    sides.push({ name: 'hello', server: hello, target: { url: `${hello.url}/hello` }, cpu: [], rps: [], writes: [] });
    if (bundles?.length) {
      for (const b of bundles) sides.push(await productSide(b.replace(/^.*\//, ''), databaseUrl, b));
    } else {
      sides.push(await productSide('product', databaseUrl));
    }
    for (const side of sides) await load({ ...side.target, connections: CONNECTIONS, duration: 2 });
    for (let r = 0; r < ROUNDS; r += 1) {
      // Every other round in reverse, so no side always runs right after the same other one.
      for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
        const before = cpuSeconds(side.server.pid);
        const writesBefore = writeCalls(side.server.pid);
        const result = await load({ ...side.target, connections: CONNECTIONS, amount: REQUESTS });
        const used = cpuSeconds(side.server.pid) - before;
        side.writes.push((writeCalls(side.server.pid) - writesBefore) / REQUESTS);
        if (result.statuses.size !== 1 || !result.statuses.has(200)) throw new Error(`${side.name} 出现非 200 响应`);
        side.cpu.push((used * 1e6) / REQUESTS);
        side.rps.push(result.rps);
      }
    }
    for (const side of sides) {
      const sorted = [...side.cpu].sort((a, b) => a - b);
      const med = sorted[Math.floor(sorted.length / 2)] ?? NaN;
      console.log(
        `${side.name.padEnd(28)} ${med.toFixed(1)} µs CPU/request, min ${sorted[0]?.toFixed(1)} ` +
          `(rounds: ${side.cpu.map((v) => v.toFixed(1)).join(', ')}; req/s ${side.rps.map(Math.round).join(', ')}); ` +
          `write calls/request ${(side.writes.reduce((a, b) => a + b, 0) / side.writes.length).toFixed(2)}`,
      );
    }
    // Paired by round (measured back to back), so the machine's load drifting cancels out.
    const [first, ...others] = sides.slice(1);
    for (const other of others) {
      if (!first) break;
      const diffs = other.cpu.map((v, i) => v - (first.cpu[i] ?? NaN)).sort((a, b) => a - b);
      const at = (q: number) => diffs[Math.floor(diffs.length * q)]?.toFixed(1);
      console.log(
        `${other.name} − ${first.name} per round: median ${at(0.5)} µs (quartiles ${at(0.25)} … ${at(0.75)})`,
      );
    }
  } finally {
    for (const side of sides) await side.server.stop();
  }
}

await main();
