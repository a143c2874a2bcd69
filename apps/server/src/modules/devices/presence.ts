import { DEVICE_OFFLINE_AFTER_MS, type DeviceKind, type RealtimeEvent } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { DeviceRef, DeviceReport } from '../../adapters/devices/index.js';
import { TickWhenPending } from '../../lib/tick-when-pending.js';
import { runJob } from '../../plugins/run-job.js';
import { type SweptRow, findOverdue, keepAlive, markSilentOffline } from './presence-sweep.js';
import { type PresenceRow, writeHeard, writeStatus } from './presence-writes.js';

type Presence = Extract<DeviceReport, { kind: 'presence' }>;
/** A status change as heard: the report, and when this process heard it (its own clock). */
type HeardStatus = Presence & { online: boolean; heardAt: string };

const CHUNK = 500;
/** At most this many batches per kind and sweep (10 000 devices), so one tick stays short. */
const MAX_SWEEP_BATCHES = 20;

/**
 * Lets queued I/O (requests) run before the sweep's next batch. better-sqlite3 runs each query on
 * the event loop and Kysely's promises resolve as microtasks, so without this a sweep of 20
 * batches of 500 kept every request waiting for its whole length (~1.9 s seen at 100 000 stores).
 * Only the sweep yields: a flush writes what was heard in the last 250 ms, and yielding inside
 * `flush()` broke `DeviceService.settled()` (the gateway restart tests), not examined further.
 */
const letRequestsIn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface PresenceOptions {
  /** How long status changes gather before one write and one socket event per provider. */
  flushMs?: number;
  /** How often plain heartbeats refresh the last-seen column (they change nothing an operator acts on). */
  seenFlushMs?: number;
  offlineAfterMs?: number;
  /** Clock (tests pin it). */
  now?: () => Date;
  /** Of overdue devices, the ones the adapter vouches for (the in-process simulator's; see DeviceAdapter). */
  aliveAmong?: (devices: DeviceRef[]) => Set<string> | undefined;
}

/**
 * Turns what devices say about being online into rows and socket events without one write per
 * heartbeat: a change of status is written within `flushMs` (in batches) and announced as one
 * `devicePresence` event per provider; plain heartbeats only move the last-seen time, in one
 * statement per table every `seenFlushMs`. At 10 000 devices heartbeating every 30 s that is a
 * few statements a minute instead of 333 a second.
 */
export class PresenceWriter {
  private readonly known = new Map<string, boolean>();
  private changed = new Map<string, HeardStatus>();
  /**
   * Plain heartbeats since the last seen-flush: serial → when this process last heard it. The
   * time decides, at the flush, whether the heartbeat came before or after the row's last status
   * change (a goodbye heard meanwhile by any process wins over an older heartbeat).
   */
  private seen: Record<DeviceKind, Map<string, string>> = { gateway: new Map(), android: new Map() };
  private readonly changesTick: TickWhenPending;
  private readonly seenTick: TickWhenPending;
  private running: Promise<void> = Promise.resolve();
  private readonly now: () => Date;

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: PresenceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    // The flushes write what this process heard, which no other process holds: they stay timers
    // of this process, not cluster jobs. The sweep reads the database alone, so it is one job for
    // the whole cluster (`presence-sweep`, declared by the device service on app.jobs).
    // Each flush is one run of a job (console_jobs_total); runJob logs a failed one. A flush is
    // armed only once something is pending: an idle process no longer wakes four times a second.
    const tick = (ms: number, job: string, work: () => Promise<void>) =>
      new TickWhenPending(ms, () => void this.serial(() => runJob(app, job, work)));
    this.changesTick = tick(opts.flushMs ?? 250, 'presence-flush', () => this.flushChanges());
    this.seenTick = tick(opts.seenFlushMs ?? 10_000, 'presence-seen', () => this.flushSeen());
  }

  hear(p: Presence): void {
    const key = `${p.device}:${p.serial}`;
    // A status ("online"/"offline") is written within `flushMs` unless it repeats what this
    // process wrote; a repeated "offline" (a rare last will) is written anyway, as another process
    // or the cluster-wide sweep may have written the opposite since.
    // A plain heartbeat goes to the seen-flush unless this process wrote the device offline: also
    // when this process never wrote it at all, the usual case in a cluster, where MQTT shared
    // subscriptions spread each device's messages over the processes (issue 27). Written as a
    // status change, every process's first heartbeat of every device was a status write and an
    // announcement fanned out to all processes. The seen-flush puts a row that says offline back
    // online only if it went offline before the heartbeat was heard.
    // The device's own `at` is not comparable with other processes' writes (its clock; a last
    // will carries its connect time), so the order of events is this process's clock.
    const online = p.online ?? true;
    const heardAt = this.now().toISOString();
    const known = this.known.get(key);
    const news = p.online === null ? known === false : known !== p.online || !p.online;
    if (news) {
      this.changed.set(key, { ...p, online, heardAt });
      this.changesTick.arm();
    } else {
      this.seen[p.device].set(p.serial, heardAt);
      this.seenTick.arm();
    }
  }

  /** Writes everything gathered (tests, shutdown). */
  flush(): Promise<void> {
    return this.serial(async () => {
      await this.flushChanges();
      await this.flushSeen();
    });
  }

  /**
   * Marks offline the devices unheard for `offlineAfterMs` that went without a last will (power
   * cut, network gone), announced as the last will would be. Pending heartbeats are written first,
   * so a device heard since the last flush is never taken for silent.
   */
  sweep(): Promise<void> {
    // Its failure reaches the caller (the jobs engine counts it failed); the queue goes on.
    return this.serial(() => this.sweepNow(), true);
  }

  close(): Promise<void> {
    this.changesTick.close();
    this.seenTick.close();
    return this.flush();
  }

  /** One flush at a time, so two never race on the same rows. */
  private serial(work: () => Promise<void>, rethrow = false): Promise<void> {
    const run = this.running.then(work);
    this.running = run.catch((err: unknown) => {
      if (!rethrow) this.app.log.error({ err }, 'device presence write failed');
    });
    return rethrow ? run : this.running;
  }

  private async flushChanges(): Promise<void> {
    if (this.changed.size === 0) return;
    const batch = [...this.changed.values()];
    this.changed = new Map();
    for (const device of ['gateway', 'android'] as const) {
      for (const online of [true, false]) {
        const group = batch.filter((p) => p.device === device && p.online === online);
        for (let i = 0; i < group.length; i += CHUNK) await this.writeStatus(device, online, group.slice(i, i + CHUNK));
      }
    }
  }

  private async writeStatus(device: DeviceKind, online: boolean, group: HeardStatus[]): Promise<void> {
    const latest = (pick: (p: HeardStatus) => string) =>
      group.reduce((max, p) => (pick(p) > max ? pick(p) : max), pick(group[0]!));
    const at = latest((p) => p.at);
    const serials = group.map((p) => p.serial);
    const rows = await writeStatus(
      this.app.db,
      device,
      online,
      serials,
      at,
      latest((p) => p.heardAt),
    );
    for (const p of group) this.known.set(`${device}:${p.serial}`, online);
    this.announce(
      device,
      online,
      rows.map((r) => ({ ...r, at: online ? at : null })),
    );
  }

  private async sweepNow(): Promise<void> {
    await this.flushChanges();
    await this.flushSeen();
    const now = this.now();
    const cutoff = new Date(now.getTime() - (this.opts.offlineAfterMs ?? DEVICE_OFFLINE_AFTER_MS)).toISOString();
    const db = this.app.db;
    for (const device of ['gateway', 'android'] as const) {
      // Each batch leaves the overdue set (seen moved to now, or marked offline), so this ends;
      // a fleet-wide outage past MAX_SWEEP_BATCHES is finished by the next ticks.
      for (let n = 0; n < MAX_SWEEP_BATCHES; n += 1) {
        const overdue = await findOverdue(db, device, cutoff, CHUNK);
        if (overdue.length === 0) break;
        const alive = this.opts.aliveAmong?.(overdue.map((r) => ({ serial: r.serial, kind: device, online: true })));
        const silent: SweptRow[] = [];
        const vouched: SweptRow[] = [];
        for (const r of overdue) (alive?.has(r.serial) ? vouched : silent).push(r);
        await keepAlive(db, device, vouched, now.toISOString());
        const dropped = await markSilentOffline(db, device, silent, cutoff, now.toISOString());
        for (const r of dropped) this.known.set(`${device}:${r.serial}`, false);
        this.announce(
          device,
          false,
          dropped.map((r) => ({ ...r, at: null })),
        );
        if (overdue.length < CHUNK) break;
        await letRequestsIn();
      }
    }
  }

  private async flushSeen(): Promise<void> {
    const seen = this.seen;
    this.seen = { gateway: new Map(), android: new Map() };
    for (const device of ['gateway', 'android'] as const) {
      const heard = [...seen[device]];
      for (let i = 0; i < heard.length; i += CHUNK) {
        // Rows marked offline (by another process, the sweep, an operator's refresh) before the
        // heartbeat was heard: back online, announced as a change. Usually none.
        const revived = await writeHeard(this.app.db, device, heard.slice(i, i + CHUNK));
        this.announce(
          device,
          true,
          revived.map((r) => ({ ...r, at: r.heardAt })),
        );
      }
    }
  }

  /** One event per provider: its operators see their rows, the platform's see all. */
  private announce(device: DeviceKind, online: boolean, rows: (PresenceRow & { at: string | null })[]) {
    if (!this.app.hasDecorator('realtime') || rows.length === 0) return;
    const byAgent = new Map<number | null, RealtimeEvent & { type: 'devicePresence' }>();
    for (const row of rows) {
      let event = byAgent.get(row.agentId);
      if (!event) byAgent.set(row.agentId, (event = { type: 'devicePresence', device, rows: [] }));
      event.rows.push({ id: String(row.id), online, at: row.at });
    }
    for (const [agentId, event] of byAgent) void this.app.realtime.publish({ kind: 'tenant', agentId }, event);
  }
}
