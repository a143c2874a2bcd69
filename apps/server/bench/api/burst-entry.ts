import { DEMO_PASSWORD } from '../../src/db/seed/index.js';
import { load } from './load.js';

/**
 * The sign-in burst's load generator, a child process of the api suite (login-burst.ts) so that
 * answering 100 sign-ins a second never runs on the event loop that times the other routes: in
 * one process, the burst's responses, parsed by the client as they arrive, delayed the other
 * routes' timings by the client's own work. Runs one burst per `{ url, seconds, rate, serial }`
 * message and answers with the statuses and the answered rate.
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

process.on('message', (order: BurstOrder) => {
  let serial = order.serial;
  void load({
    url: `${order.url}/api/log/adminLogin/login`,
    method: 'POST',
    // Enough connections that queued sign-ins never hold the offered rate back (open loop).
    connections: Math.max(32, order.rate),
    duration: order.seconds,
    rate: order.rate,
    next: () => {
      serial += 1;
      const valid = serial % 2 === 0;
      return {
        headers: { 'x-forwarded-for': `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}` },
        body: JSON.stringify(
          valid
            ? { loginName: 'agent2', password: DEMO_PASSWORD }
            : { loginName: `bench-nobody-${serial}`, password: 'Wrong-2026' },
        ),
      };
    },
  }).then(
    (result) => process.send?.({ rps: result.rps, statuses: [...result.statuses], serial }),
    (err: unknown) => process.send?.({ error: String(err) }),
  );
});
process.send?.({ ready: true });
