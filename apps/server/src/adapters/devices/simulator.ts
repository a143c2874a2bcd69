import { EventEmitter } from 'node:events';
import { hashText, type Rng, seededRng } from './rng.js';
import {
  type DeviceAdapter,
  DeviceBannedError,
  type DeviceInfo,
  DeviceOfflineError,
  type DeviceRef,
  type DeviceReport,
  type DeviceStatus,
  DeviceTimeoutError,
  type LockConfig,
  type LockResult,
  type PushOrder,
  type PushTarget,
} from './types.js';
import { type SimulatorOptions, lockFailures, pushFailures } from './simulator-options.js';

export type { SimulatorOptions } from './simulator-options.js';

interface SimState {
  online: boolean;
  lastSeenAt: string | null;
  ip: string;
  firmwareVersion: string;
  appVersion: string;
  restarting: boolean;
  deviceCode: string;
}

/**
 * Devices on one machine: each device the server touches gets a state (seeded from what the
 * server knows, else derived from its serial), queries answer after a realistic delay and now
 * and then time out, devices drift on and off line, and restarts and pushes report back later.
 */
export class DeviceSimulator implements DeviceAdapter {
  readonly name = 'simulator';
  private readonly states = new Map<string, SimState>();
  private readonly emitter = new EventEmitter();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly banned = new Set<string>();
  private readonly rng: Rng;
  private readonly opts: Required<Omit<SimulatorOptions, 'seed'>>;

  constructor(options: SimulatorOptions = {}) {
    this.rng = seededRng(options.seed ?? Date.now());
    this.opts = {
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      minDelayMs: options.minDelayMs ?? 50,
      maxDelayMs: options.maxDelayMs ?? 400,
      timeoutRate: options.timeoutRate ?? 0.05,
      timeoutMs: options.timeoutMs ?? 3000,
      driftRate: options.driftRate ?? 0.03,
      pushFailRate: options.pushFailRate ?? 0.1,
      restartMs: options.restartMs ?? 4000,
      now: options.now ?? (() => new Date()),
    };
  }

  /** The simulated state of one device (tests and the demo seed look at it). */
  stateOf(device: DeviceRef): Readonly<SimState> {
    return this.state(device);
  }

  /** Puts a device on or off line, as unplugging it would; the cloud hears of it as over MQTT. */
  setOnline(device: DeviceRef, online: boolean): void {
    const s = this.state(device);
    s.online = online;
    if (online) s.lastSeenAt = this.nowIso();
    this.presence(device, s);
  }

  /** Cuts a device's power: it goes quiet without its last will, so only the presence sweep notices. */
  cutPower(device: DeviceRef): void {
    this.state(device).online = false;
  }

  aliveAmong(devices: DeviceRef[]): Set<string> {
    const alive = new Set<string>();
    for (const device of devices) {
      if (this.banned.has(device.serial)) continue;
      // A device never touched is as the server last knew it (on line), and gets no state here:
      // a large fleet's sweep must not fill the simulator's memory.
      const s = this.states.get(device.serial);
      if (s && !s.online) continue;
      if (s) s.lastSeenAt = this.nowIso();
      alive.add(device.serial);
    }
    return alive;
  }

  setBanned(serial: string, banned: boolean): void {
    if (banned) this.banned.add(serial);
    else this.banned.delete(serial);
  }

  close(): Promise<void> {
    return this.idle();
  }

  async queryIp(device: DeviceRef): Promise<{ ip: string }> {
    const s = await this.answer(device, true);
    return { ip: s.ip };
  }

  async queryCommunicationStatus(device: DeviceRef): Promise<DeviceStatus> {
    const s = await this.answer(device, false);
    return { online: s.online, lastSeenAt: s.lastSeenAt, restarting: s.restarting };
  }

  async getDeviceCode(device: DeviceRef): Promise<{ deviceCode: string }> {
    const s = await this.answer(device, true);
    return { deviceCode: s.deviceCode };
  }

  async reportInfo(device: DeviceRef): Promise<DeviceInfo> {
    const s = await this.answer(device, true);
    return {
      serial: device.serial,
      online: s.online,
      lastSeenAt: s.lastSeenAt,
      restarting: s.restarting,
      ip: s.ip,
      firmwareVersion: s.firmwareVersion,
      appVersion: s.appVersion,
      deviceCode: s.deviceCode,
    };
  }

  async restart(device: DeviceRef): Promise<{ accepted: true }> {
    const s = await this.answer(device, true);
    s.restarting = true;
    s.online = false;
    this.later(async () => {
      await this.opts.sleep(this.opts.restartMs);
      s.restarting = false;
      s.online = true;
      // A gateway on DHCP often comes back with a new lease.
      if (this.rng() < 0.3) s.ip = this.nextIp(s.ip);
      s.lastSeenAt = this.nowIso();
      this.report({
        kind: 'restarted',
        serial: device.serial,
        ok: true,
        at: s.lastSeenAt,
        ip: s.ip,
        message: '重启完成',
      });
    });
    return { accepted: true };
  }

  pushAppUpdate(order: PushOrder): Promise<{ accepted: number }> {
    for (const target of order.targets) {
      const s = this.state({
        serial: target.serial,
        kind: 'android',
        online: target.online,
        appVersion: target.appVersion,
      });
      this.later(() => this.install(order, target, s));
    }
    return Promise.resolve({ accepted: order.targets.length });
  }

  /**
   * One terminal's install as a real one reports it: the download in steps, installing, then the
   * result; an offline terminal never answers, so the gateway reports it undelivered.
   */
  private async install(order: PushOrder, target: PushTarget, s: SimState): Promise<void> {
    const base = { jobId: order.jobId, deviceId: target.deviceId, serial: target.serial };
    await this.opts.sleep(this.delay() * 2);
    const fail = (message: string) =>
      this.report({
        kind: 'pushResult',
        ...base,
        ok: false,
        versionName: order.versionName,
        message,
        at: this.nowIso(),
      });
    if (!s.online) {
      fail('设备离线，未送达');
      return;
    }
    const failure = this.rng() < this.opts.pushFailRate ? Math.floor(this.rng() * pushFailures.length) : -1;
    for (const percent of [0, 35, 70, 100]) {
      this.report({ kind: 'pushProgress', ...base, stage: 'downloading', percent, at: this.nowIso() });
      await this.opts.sleep(this.delay() * 3);
      // A broken download stops midway.
      if (failure === 0 && percent === 35) return fail(pushFailures[0] ?? '升级失败');
    }
    if (failure > 0) return fail(pushFailures[failure] ?? '升级失败');
    this.report({ kind: 'pushProgress', ...base, stage: 'installing', percent: 100, at: this.nowIso() });
    await this.opts.sleep(this.delay() * 3);
    s.appVersion = order.versionName;
    s.lastSeenAt = this.nowIso();
    this.report({
      kind: 'pushResult',
      ...base,
      ok: true,
      versionName: order.versionName,
      message: '升级成功',
      at: this.nowIso(),
    });
  }

  async pushLockConfig(gateway: DeviceRef, config: LockConfig): Promise<LockResult> {
    return this.lockReply(gateway, lockFailures.push, `已下发 ${config.lockerCount} 个柜门的配置`);
  }

  async openLocker(gateway: DeviceRef, lockerNo: number): Promise<LockResult> {
    return this.lockReply(gateway, lockFailures.open, `${lockerNo} 号柜门已打开`);
  }

  async clearWristband(gateway: DeviceRef, cardNo: string): Promise<LockResult> {
    return this.lockReply(gateway, lockFailures.clear, `手环 ${cardNo} 已清除`);
  }

  onReport(listener: (report: DeviceReport) => void): () => void {
    this.emitter.on('report', listener);
    return () => {
      this.emitter.off('report', listener);
    };
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async answer(device: DeviceRef, needsOnline: boolean): Promise<SimState> {
    if (this.banned.has(device.serial)) throw new DeviceBannedError(device.serial);
    const s = this.state(device);
    if (this.drift(s)) this.presence(device, s);
    if (this.rng() < this.opts.timeoutRate) {
      await this.opts.sleep(this.opts.timeoutMs);
      throw new DeviceTimeoutError(device.serial);
    }
    await this.opts.sleep(this.delay());
    if (needsOnline && !s.online) throw new DeviceOfflineError(device.serial);
    if (s.online) s.lastSeenAt = this.nowIso();
    return s;
  }

  /** A lock command: the gateway must be online; the controller behind it fails now and then. */
  private async lockReply(gateway: DeviceRef, failures: string[], done: string): Promise<LockResult> {
    await this.answer(gateway, true);
    const failed = this.rng() < this.opts.pushFailRate;
    const message = failed ? (failures[Math.floor(this.rng() * failures.length)] ?? '执行失败') : done;
    return { ok: !failed, message, at: this.nowIso() };
  }

  /** Whether the device went on or off line by itself. */
  private drift(s: SimState): boolean {
    if (s.restarting || this.rng() >= this.opts.driftRate) return false;
    s.online = !s.online;
    if (s.online) s.lastSeenAt = this.nowIso();
    return true;
  }

  private presence(device: DeviceRef, s: SimState): void {
    if (this.banned.has(device.serial)) return;
    this.report({ kind: 'presence', device: device.kind, serial: device.serial, online: s.online, at: this.nowIso() });
  }

  private state(device: DeviceRef): SimState {
    let s = this.states.get(device.serial);
    if (!s) {
      const h = hashText(device.serial);
      s = {
        online: device.online ?? h % 10 !== 0,
        lastSeenAt: this.nowIso(),
        ip: device.ip || `192.168.${(h >>> 8) % 254}.${(h % 250) + 2}`,
        firmwareVersion: device.firmwareVersion || `V2.${(h >>> 4) % 4}.${h % 10}`,
        appVersion: device.appVersion ?? '',
        restarting: false,
        deviceCode: `${device.kind === 'gateway' ? 'ZK' : 'AD'}${(h % 0xffffff).toString(16).toUpperCase().padStart(6, '0')}`,
      };
      this.states.set(device.serial, s);
    }
    return s;
  }

  private later(work: () => Promise<void>): void {
    const p = work().finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  private report(report: DeviceReport): void {
    this.emitter.emit('report', report);
  }

  private delay(): number {
    const { minDelayMs, maxDelayMs } = this.opts;
    return Math.round(minDelayMs + this.rng() * (maxDelayMs - minDelayMs));
  }

  private nextIp(ip: string): string {
    const parts = ip.split('.');
    const last = Number(parts[3] ?? 2);
    parts[3] = String(last >= 250 ? 2 : last + 1);
    return parts.join('.');
  }

  private nowIso(): string {
    return this.opts.now().toISOString();
  }
}
