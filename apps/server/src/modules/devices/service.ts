import {
  agentAndroidResource,
  agentGatewayResource,
  androidDeviceResource,
  gatewayDeviceResource,
} from '@console/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type DeviceAdapter,
  DeviceBannedError,
  DeviceCommandError,
  DeviceOfflineError,
  type DeviceReport,
  DeviceTimeoutError,
} from '../../adapters/devices/index.js';
import { AppError } from '../../lib/app-error.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { revokeCredential, wantedAccess } from './device-access.js';
import { PresenceWriter } from './presence.js';
import { expireOverdueRestarts } from './restart-deadline.js';
import { ShippedClaims } from './shipped-claim.js';
import { applyPushProgress, applyPushResult } from './push-reports.js';

const afterCommitKey = Symbol('deviceCommands');
/** How often gateway restarts past their deadline are closed as failed. */
const RESTART_CHECK_SECONDS = 30;
type WithCommands = FastifyRequest & { [afterCommitKey]?: (() => Promise<void>)[] };

/**
 * The server's side of the device gateway: which adapter is in use, device commands sent only
 * after the write that records them has committed, and the reports devices send back written
 * to their rows (then announced as `resourceChanged`, so open screens refresh).
 */
export class DeviceService {
  private unsubscribe: (() => void) | null = null;
  private readonly writes = new Set<Promise<void>>();
  readonly presence: PresenceWriter;
  private readonly claims: ShippedClaims;

  constructor(
    private readonly app: FastifyInstance,
    public adapter: DeviceAdapter,
  ) {
    this.presence = new PresenceWriter(app, { aliveAmong: (devices) => this.adapter.aliveAmong?.(devices) });
    this.claims = new ShippedClaims(
      () => app.db,
      (claim) => {
        if (claim.kind === 'gateway') this.gatewayChanged(claim.agentId, claim.id);
        else
          for (const name of [androidDeviceResource.name, agentAndroidResource.name])
            this.announce(name, claim.agentId, claim.id);
      },
    );
    this.listen();
    this.watchAccess();
  }

  /** A restart the gateway never reported done (it lost power meanwhile) is recorded as failed. */
  async closeOverdueRestarts(now = new Date()): Promise<void> {
    try {
      await this.expireRestarts(now);
    } catch (err) {
      this.app.log.error({ err }, 'closing overdue gateway restarts failed');
    }
  }

  /** The deadline's work without the catch: as a job, a failure reaches the engine, which counts it. */
  async expireRestarts(now: Date): Promise<void> {
    const rows = await expireOverdueRestarts(this.app.db, now);
    for (const row of rows) this.gatewayChanged(row.agentId, row.id);
  }

  /** Swaps the adapter (tests use a seeded simulator without delays). */
  setAdapter(adapter: DeviceAdapter): void {
    this.unsubscribe?.();
    this.adapter = adapter;
    this.listen();
    this.watchAccess();
  }

  /**
   * Makes the broker's device clients match the database (each time the channel is ready): keys
   * revoked, devices gone or banned are disabled there; a key the broker no longer holds is
   * marked revoked here, so the console shows it must be issued again.
   */
  async syncAccess(): Promise<void> {
    const access = this.adapter.access;
    if (!access) return;
    const { lost } = await access.sync(await wantedAccess(this.app.db));
    for (const serial of lost) await revokeCredential(this.app.db, serial, '代理中已无该设备的客户端，请重新签发密钥');
    if (lost.length) this.app.log.warn({ lost: lost.length }, 'device keys the broker no longer holds were revoked');
  }

  /**
   * A device's ban, binding or existence changed in this request: once it has committed, its
   * broker client is enabled or disabled to match (disabling also ends its connection).
   */
  accessChanged(req: FastifyRequest, serial: string): void {
    this.afterCommit(req, async () => {
      const access = this.adapter.access;
      if (!access) return;
      const [state] = await wantedAccess(this.app.db, serial);
      if (state) await access.setEnabled(serial, state.enabled);
    });
  }

  /** Runs `command` once the request's transaction has committed and its response succeeded. */
  afterCommit(req: FastifyRequest, command: () => Promise<void>): void {
    ((req as WithCommands)[afterCommitKey] ??= []).push(command);
  }

  /** Every accepted command has reported back and its row is written (tests, shutdown). */
  async settled(): Promise<void> {
    for (let i = 0; i < 10; i += 1) {
      await this.adapter.idle();
      await this.presence.flush();
      if (this.writes.size === 0) return;
      await Promise.allSettled([...this.writes]);
    }
  }

  /** Tells the adapter the whole 黑名单 (at start-up; additions and removals follow one by one). */
  async loadBans(): Promise<void> {
    const rows = await this.app.db.selectFrom('deviceBan').select('deviceName').execute();
    for (const row of rows) this.adapter.setBanned(row.deviceName, true);
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.presence.close();
    await this.adapter.close();
  }

  /** A device error as the operator should see it. */
  static toAppError(err: unknown): unknown {
    if (err instanceof DeviceTimeoutError) return new AppError('upstreamTimeout', { message: err.message });
    if (err instanceof DeviceOfflineError || err instanceof DeviceBannedError || err instanceof DeviceCommandError) {
      return new AppError('stateConflict', { message: err.message });
    }
    return err;
  }

  runCommands(req: FastifyRequest): void {
    const commands = (req as WithCommands)[afterCommitKey];
    if (!commands) return;
    for (const command of commands) this.track(command());
  }

  private watchAccess(): void {
    this.adapter.access?.onReady(() =>
      this.syncAccess().catch((err: unknown) => this.app.log.error({ err }, 'device access sync failed')),
    );
  }

  private listen(): void {
    const adapter = this.adapter;
    this.unsubscribe = adapter.onReport((report) => {
      if (report.kind === 'presence') {
        this.app.metrics.deviceUplinks.labels(report.device, adapter.name).inc();
        this.presence.hear(report);
        // A serial shipped on a hardware order becomes its provider's device when first heard from.
        if (this.claims.due(report)) this.track(this.claims.claim(report).then(() => undefined));
      }
      // Install progress and results are written to the push's per-device rows (./push-reports.ts).
      else this.track(this.apply(report));
    });
  }

  private track(p: Promise<void>): void {
    const tracked = p
      .catch((err: unknown) => {
        this.app.log.error({ err }, 'device report could not be applied');
      })
      .finally(() => this.writes.delete(tracked));
    this.writes.add(tracked);
  }

  private async apply(report: Exclude<DeviceReport, { kind: 'presence' }>): Promise<void> {
    const db = this.app.db;
    if (report.kind === 'restarted') {
      const row = await db
        .updateTable('gatewayDevice')
        .set({
          restarting: 0,
          restartOk: report.ok ? 1 : 0,
          restartMessage: report.message.slice(0, 200),
          ...(report.ok
            ? { communicationStatus: 1, statusChangedAt: report.at, lastSeenAt: report.at, ip: report.ip }
            : {}),
          updatedAt: report.at,
        })
        .where('deviceName', '=', report.serial)
        .returning(['id', 'agentId'])
        .executeTakeFirst();
      if (row) this.gatewayChanged(row.agentId, row.id);
      return;
    }
    const outcome =
      report.kind === 'pushProgress' ? await applyPushProgress(db, report) : await applyPushResult(db, report);
    if (outcome !== null) {
      this.announce('android', outcome, report.deviceId);
      this.announce('appPushJob', null, report.jobId);
    }
  }

  /**
   * A gateway row changed: both lists over the table (the platform's and a provider's) refresh.
   * With `req`, once the request's write has committed; without, at once (a device's report).
   */
  gatewayChanged(agentId: number | null, id: number, req?: FastifyRequest): void {
    for (const resource of [gatewayDeviceResource.name, agentGatewayResource.name]) {
      const change = { resource, agentId, ids: [String(id)], action: 'update' as const };
      if (req) emitAfterCommit(req, 'resourceChanged', change);
      else if (this.app.hasDecorator('events')) this.app.events.emit('resourceChanged', change);
    }
  }

  private announce(resource: string, agentId: number | null, id: number): void {
    if (!this.app.hasDecorator('events')) return;
    this.app.events.emit('resourceChanged', { resource, agentId, ids: [String(id)], action: 'update' });
  }
}

/**
 * Decorates `app.devices` over the gateway client the configuration chose (`app.deviceAdapter`);
 * devices unheard for DEVICE_OFFLINE_AFTER_MS are marked offline every `presenceSweepSeconds`.
 */
export function registerDeviceService(app: FastifyInstance, presenceSweepSeconds: number): DeviceService {
  const service = new DeviceService(app, app.deviceAdapter);
  app.decorate('devices', service);
  // A callback hook: the commands are started, not awaited, so no promise per response.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode < 400) service.runCommands(req);
    done(null, payload);
  });
  // Both read only the database, so each is one job across the cluster, not a timer per process.
  app.jobs.every('presence-sweep', presenceSweepSeconds, () => service.presence.sweep());
  app.jobs.every('restart-deadline', RESTART_CHECK_SECONDS, () => service.expireRestarts(new Date()));
  app.addHook('onReady', () => service.loadBans());
  app.addHook('onClose', () => service.close());
  return service;
}

declare module 'fastify' {
  interface FastifyInstance {
    devices: DeviceService;
    /** The device gateway named by DEVICE_ADAPTER (simulator by default). */
    deviceAdapter: DeviceAdapter;
  }
}
