import { type DeviceKind, normalizeMac } from '@console/contract';
import type { Kysely } from 'kysely';
import type { DeviceReport } from '../../adapters/devices/index.js';
import type { Database } from '../../db/types.js';

type Presence = Extract<DeviceReport, { kind: 'presence' }>;

/**
 * First-heard serials gather this long for one owned-or-not read. At 100 ms a process of a
 * 3-process cluster hearing ~5 new serials a second (1 000 devices warming up) read nearly one
 * query per serial; a second makes it about one a second. A shipped device's claim waits that
 * much longer, once.
 */
const BATCH_MS = 1_000;
/** Serials per read (two names each), well under either engine's parameter limit. */
const BATCH_SIZE = 500;

interface Waiting {
  p: Presence;
  resolve: (owned: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Whether first-heard serials are devices owned already, read together: the serials first heard
 * within BATCH_MS share one read instead of one each (issue 27: in a cluster every process hears
 * every device for the first time, so these reads were per heartbeat while the processes warmed).
 */
export class OwnedLookup {
  private waiting: Waiting[] = [];

  constructor(private readonly db: () => Kysely<Database>) {}

  owned(p: Presence): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (this.waiting.push({ p, resolve, reject }) === 1) setTimeout(() => void this.readOwned(), BATCH_MS);
    });
  }

  private async readOwned(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    for (let i = 0; i < waiting.length; i += BATCH_SIZE) {
      const chunk = waiting.slice(i, i + BATCH_SIZE);
      try {
        const owned = await ownedAmong(
          this.db(),
          chunk.map((w) => w.p),
        );
        for (const w of chunk) w.resolve(owned.has(w.p));
      } catch (err) {
        for (const w of chunk) w.reject(err);
      }
    }
  }
}

/** The names a serial may be stored under (as heard, and as a claim would write it). */
const namesOf = (p: Presence) =>
  p.device === 'gateway' ? [p.serial, p.serial.trim().toUpperCase()] : [p.serial, normalizeMac(p.serial) ?? p.serial];

/** Of these reports, the ones whose device row exists with a provider already: nothing to claim. */
async function ownedAmong(db: Kysely<Database>, reports: Presence[]): Promise<Set<Presence>> {
  const names = (device: DeviceKind) => reports.filter((p) => p.device === device).flatMap(namesOf);
  const gateways = names('gateway');
  const terminals = names('android');
  const found = new Set<string>();
  if (gateways.length > 0) {
    const rows = await db
      .selectFrom('gatewayDevice')
      .select('deviceName as name')
      .where('deviceName', 'in', gateways)
      .where('agentId', 'is not', null)
      .execute();
    for (const r of rows) found.add(`gateway:${r.name}`);
  }
  if (terminals.length > 0) {
    const rows = await db
      .selectFrom('androidDevice')
      .select('deviceNo as name')
      .where('deviceNo', 'in', terminals)
      .execute();
    for (const r of rows) found.add(`android:${r.name}`);
  }
  return new Set(reports.filter((p) => namesOf(p).some((n) => found.has(`${p.device}:${n}`))));
}
