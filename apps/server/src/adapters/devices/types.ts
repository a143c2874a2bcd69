import type { DeviceKind } from '@console/contract';
import { UpstreamTimeoutError } from '../../lib/upstream-errors.js';
/**
 * The device gateway the console talks to: ZKB gateways and android room terminals. The built-in
 * simulator is the default; a real gateway client implements the same interface and is chosen by
 * configuration (`createDeviceAdapter`).
 *
 * Calls answer what the device says now. Long-running work (a restart, an app push) is accepted
 * at once and reported back later through `onReport`, as real devices do over their uplink.
 */

/** What the server knows about a device when it calls; a real gateway needs only the serial. */
export interface DeviceRef {
  serial: string;
  kind: 'gateway' | 'android';
  ip?: string;
  firmwareVersion?: string;
  appVersion?: string;
  online?: boolean;
}

export interface DeviceStatus {
  online: boolean;
  /** ISO time the device was last heard from; null when never. */
  lastSeenAt: string | null;
  restarting: boolean;
}

export interface DeviceInfo extends DeviceStatus {
  serial: string;
  ip: string;
  firmwareVersion: string;
  appVersion: string;
  deviceCode: string;
}

export interface PushTarget {
  deviceId: number;
  serial: string;
  /** What the server last knew (a simulator starts from it; a real gateway ignores it). */
  online?: boolean;
  appVersion?: string;
}

export interface PushOrder {
  jobId: number;
  versionName: string;
  downloadUrl: string;
  md5: string;
  targets: PushTarget[];
}

export type DeviceReport =
  | { kind: 'restarted'; serial: string; ok: boolean; at: string; ip: string; message: string }
  /**
   * The device was heard from: `online` true/false when it said so (connect, last will), null
   * for a plain heartbeat. Ban-listed serials never report.
   */
  | { kind: 'presence'; device: DeviceKind; serial: string; online: boolean | null; at: string; ip?: string }
  | {
      kind: 'pushResult';
      jobId: number;
      deviceId: number;
      serial: string;
      ok: boolean;
      versionName: string;
      message: string;
      at: string;
    }
  /**
   * A stage of an accepted push before its result (optional: a device that reports no stages
   * goes from sent straight to its `pushResult`). Never after the result.
   */
  | {
      kind: 'pushProgress';
      jobId: number;
      deviceId: number;
      serial: string;
      stage: 'downloading' | 'installing';
      /** Download progress 0–100; 100 while installing. */
      percent: number;
      at: string;
    };

/** A store's lock-controller settings as its gateway needs them (IC 手环控制). */
export interface LockConfig {
  vendor: number;
  protocol: number;
  cardType: number;
  cardSector: number;
  /** Mifare key A, 12 hex characters; '' for cards without sectors. */
  sectorKey: string;
  lockerCount: number;
  lockerStart: number;
  enabled: boolean;
}

/** What the gateway answered to a lock command; a refusal (`ok: false`) carries its reason. */
export interface LockResult {
  ok: boolean;
  message: string;
  at: string;
}

/** What the broker should hold for one device: whether its client may connect at all. */
export interface DeviceAccessState {
  kind: DeviceKind;
  serial: string;
  enabled: boolean;
}

/**
 * Who may speak on the device channel (issue 26): one broker client per device, allowed only its
 * own topics, enabled or disabled by the server. Only a real broker has it (MQTT); the in-process
 * simulator's devices do not sign in anywhere.
 */
export interface DeviceAccess {
  /** The broker's address as devices reach it, without credentials. */
  readonly deviceUrl: string;
  /** Creates or replaces the device's client with this secret, enabled; its old sessions end. */
  issue(kind: DeviceKind, serial: string, secret: string): Promise<void>;
  /** Enables or disables the device's client (disabling ends its connection at once); no client: nothing. */
  setEnabled(serial: string, enabled: boolean): Promise<void>;
  /**
   * Makes the broker's device clients match `wanted` (idempotent): enables and disables, disables
   * device clients nobody wants. Answers the wanted serials the broker has no client for: their
   * secret is lost (only its hash is kept) and must be issued again.
   */
  sync(wanted: DeviceAccessState[]): Promise<{ lost: string[] }>;
  /** Runs `task` each time the channel is connected and its admin rights are in place. */
  onReady(task: () => Promise<void>): void;
}

export interface DeviceAdapter {
  readonly name: string;
  /** Device credentials on the broker; absent for the in-process simulator. */
  readonly access?: DeviceAccess;
  queryIp(device: DeviceRef): Promise<{ ip: string }>;
  queryCommunicationStatus(device: DeviceRef): Promise<DeviceStatus>;
  /** Accepted now; a `restarted` report follows when the device is back (or gave up). */
  restart(device: DeviceRef): Promise<{ accepted: true }>;
  /** Accepted now; one `pushResult` report per target follows (after any `pushProgress` stages). */
  pushAppUpdate(order: PushOrder): Promise<{ accepted: number }>;
  getDeviceCode(device: DeviceRef): Promise<{ deviceCode: string }>;
  /** Ban-listed serials: their messages are ignored and commands to them refused. */
  setBanned(serial: string, banned: boolean): void;
  /** Asks the device to report everything it knows about itself (reportZkbInfo). */
  reportInfo(device: DeviceRef): Promise<DeviceInfo>;
  /** Lock commands go to the store's gateway and answer when it has; offline or silent gateways throw. */
  pushLockConfig(gateway: DeviceRef, config: LockConfig): Promise<LockResult>;
  openLocker(gateway: DeviceRef, lockerNo: number): Promise<LockResult>;
  clearWristband(gateway: DeviceRef, cardNo: string): Promise<LockResult>;
  onReport(listener: (report: DeviceReport) => void): () => void;
  /**
   * Of devices the server is about to mark offline for silence, the serials this adapter knows to
   * be alive. Only the in-process simulator has it: it stands in for every device the server has
   * without a heartbeat timer per device, so it vouches for the ones it simulates as on line when
   * asked. Real devices heartbeat by themselves (MQTT), so that adapter leaves this out.
   */
  aliveAmong?(devices: DeviceRef[]): Set<string>;
  /**
   * Whether the link to the device broker is up (readiness). Only an adapter with a link of its
   * own has it; the in-process simulator is never disconnected.
   */
  connected?(): boolean;
  /** Resolves once every accepted restart and push has reported (tests, graceful shutdown). */
  idle(): Promise<void>;
  /** Disconnects (MQTT) or stops timers; pending commands fail. */
  close(): Promise<void>;
}

/** The device did not answer in time: a declared outcome the operator is told about, not a crash. */
export class DeviceTimeoutError extends UpstreamTimeoutError {
  constructor(readonly serial: string) {
    super(`设备 ${serial} 响应超时，请稍后重试`);
    this.name = 'DeviceTimeoutError';
  }
}

/** The device is offline, so it cannot take the command. */
export class DeviceOfflineError extends Error {
  constructor(readonly serial: string) {
    super(`设备 ${serial} 当前离线，无法执行该操作`);
    this.name = 'DeviceOfflineError';
  }
}

/** The serial is on the 黑名单: the cloud no longer talks to it. */
export class DeviceBannedError extends Error {
  constructor(readonly serial: string) {
    super(`设备 ${serial} 在黑名单中，不能下发指令`);
    this.name = 'DeviceBannedError';
  }
}

/** The device answered that the command failed (its own reason). */
export class DeviceCommandError extends Error {
  constructor(
    readonly serial: string,
    reason: string,
  ) {
    super(`设备 ${serial} 执行失败：${reason || '未知原因'}`);
    this.name = 'DeviceCommandError';
  }
}
