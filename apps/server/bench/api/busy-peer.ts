import { readFileSync } from 'node:fs';
import { median } from '../report.js';
import { load } from './load.js';
import { type ServerUnderTest, startServer } from './server-process.js';

/**
 * Calibration of the framework-overhead figure on this machine: what a plain Fastify
 * hello-world reaches, as a ratio of its own requests/s, once each request also does a fixed
 * busy wait of N µs (the same child processes, connections and run length as overhead.ts). It
 * answers "how much work may the product add to a hello-world request and still be at 0.45×",
 * and shows the server's CPU per request beside it: on a virtual machine a server slower than
 * its client also pays for waking the idle client on every response, so the ratio falls faster
 * than the added work alone explains.
 *
 *   npx tsx bench/api/busy-peer.ts                 # 0, 10, 20, 30, 40, 60 µs, 5 s runs, 3 rounds
 *   BUSY_US=0,15,25 BUSY_SECONDS=10 npx tsx bench/api/busy-peer.ts
 */
const BUSY = (process.env.BUSY_US ?? '0,10,20,30,40,60').split(',').map(Number);
const SECONDS = Number(process.env.BUSY_SECONDS ?? 5);
const ROUNDS = Number(process.env.BUSY_ROUNDS ?? 3);
const CONNECTIONS = 10;

/** User + system CPU seconds of a process so far (USER_HZ ticks of /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main(): Promise<void> {
  const servers: { busy: number; server: ServerUnderTest; rps: number[]; cpu: number[] }[] = [];
  try {
    for (const busy of BUSY) {
      servers.push({
        busy,
        server: await startServer({ BENCH_MODE: 'hello', BENCH_HELLO_BUSY_US: String(busy) }),
        rps: [],
        cpu: [],
      });
    }
    for (const s of servers) await load({ url: `${s.server.url}/hello`, connections: CONNECTIONS, duration: 2 });
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const s of r % 2 === 0 ? servers : [...servers].reverse()) {
        const before = cpuSeconds(s.server.pid);
        const result = await load({ url: `${s.server.url}/hello`, connections: CONNECTIONS, duration: SECONDS });
        s.cpu.push(((cpuSeconds(s.server.pid) - before) * 1e6) / (result.rps * SECONDS));
        s.rps.push(result.rps);
      }
    }
    const plain = servers.find((s) => s.busy === 0);
    for (const s of servers) {
      const rps = median(s.rps);
      const ratio = plain ? `${(rps / median(plain.rps)).toFixed(2)}×` : '';
      console.log(
        `busy ${String(s.busy).padStart(3)} µs: ${Math.round(rps)} req/s ${ratio.padStart(6)}  ` +
          `server CPU ${median(s.cpu).toFixed(1)} µs/request (of which ${s.busy} busy)`,
      );
    }
  } finally {
    for (const s of servers) await s.server.stop();
  }
}

await main();
