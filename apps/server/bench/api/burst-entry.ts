import { Agent, request } from 'node:http';
import { DEMO_PASSWORD } from '../../src/scripts/seed/index.js';

/**
 * The sign-in burst's load generator, a child process of the api suite (login-burst.ts) so that
 * answering 100 sign-ins a second never runs on the event loop that times the other routes: in
 * one process, the burst's responses, parsed by the client as they arrive, delayed the other
 * routes' timings by the client's own work. Runs one burst per `{ url, seconds, rate, serial }`
 * message and answers with the statuses and the answered rate.
 *
 * Arrivals are an open-loop Poisson process at `rate` a second (exponential gaps, each sign-in
 * sent when due whatever the earlier ones are doing), as independent operators signing in are.
 * autocannon's `overallRate` was used before: it gives each connection a one-second timer, all
 * started together, so the 100 sign-ins of a second left in the same millisecond — a lock-step
 * spike no real crowd produces, which measured the spike's shape more than the sign-ins' cost.
 *
 * Each sign-in comes from its own client address (X-Forwarded-For; the server runs with
 * TRUST_PROXY=1), half agent2 with the right password, half unknown names with a wrong one (both
 * hash a password).
 */
interface BurstOrder {
  url: string;
  seconds: number;
  rate: number;
  /** Where this burst's numbering starts, so addresses and unknown names never repeat across bursts. */
  serial: number;
}

interface BurstResult {
  rps: number;
  statuses: Array<[number, number]>;
  serial: number;
}

// Keep-alive sockets, as a browser keeps its connection; as many as sign-ins are in flight.
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

function signInOnce(url: URL, serial: number): Promise<number> {
  const valid = serial % 2 === 0;
  const body = JSON.stringify(
    valid
      ? { loginName: 'agent2', password: DEMO_PASSWORD }
      : { loginName: `bench-nobody-${serial}`, password: 'Wrong-2026' },
  );
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`,
        },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

async function burst(order: BurstOrder): Promise<BurstResult> {
  const url = new URL('/api/log/adminLogin/login', order.url);
  const statuses = new Map<number, number>();
  const answers: Array<Promise<void>> = [];
  let serial = order.serial;
  const start = performance.now();
  const end = start + order.seconds * 1000;
  let due = start;
  // The next gap: exponential with mean 1/rate seconds (1 − random() is never 0).
  const gap = () => (-Math.log(1 - Math.random()) / order.rate) * 1000;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        serial += 1;
        answers.push(
          signInOnce(url, serial).then((status) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }),
        );
        due += gap();
      }
      if (due >= end) done();
      else setTimeout(tick, Math.max(0, due - performance.now()));
    };
    tick();
  });
  await Promise.all(answers);
  const answered = [...statuses].filter(([status]) => status !== 0).reduce((n, [, count]) => n + count, 0);
  return { rps: answered / order.seconds, statuses: [...statuses], serial };
}

process.on('message', (order: BurstOrder) => {
  burst(order).then(
    (result) => process.send?.(result),
    (err: unknown) => process.send?.({ error: String(err) }),
  );
});
process.send?.({ ready: true });
