import { percentile } from '../report.js';
import { load } from '../api/load.js';

export interface ListReadFigures {
  rps: number;
  p99: number;
  /** Responses other than 200, and socket errors. */
  failures: number;
}

/**
 * The platform's gateway list (20 rows, a random page of the first 50) as the signed-in admin,
 * `connections` clients back to back through `base` (HAProxy), after a short warm-up.
 */
export async function listRead(
  base: string,
  token: string,
  seconds: number,
  connections: number,
): Promise<ListReadFigures> {
  const run = (duration: number) =>
    load({
      url: `${base}/api/device/deviceList`,
      method: 'POST',
      headers: { token },
      connections,
      duration,
      next: () => ({ body: JSON.stringify({ offset: 1 + Math.floor(Math.random() * 50), size: 20 }) }),
    });
  await run(2);
  const r = await run(seconds);
  const failures = r.errors + [...r.statuses].filter(([s]) => s !== 200).reduce((n, [, c]) => n + c, 0);
  return { rps: r.rps, p99: percentile(r.latencies, 99), failures };
}
