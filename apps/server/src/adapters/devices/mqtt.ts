import { EventEmitter } from 'node:events';
import {
  DEVICE_INSTALL_TIMEOUT_MS,
  DEVICE_REPLY_TIMEOUT_MS,
  DEVICE_RESTART_TIMEOUT_MS,
  type DeviceCommand,
  type DeviceReply,
} from '@console/contract';
import { MqttLink, type MqttLinkOptions, type Uplink } from './mqtt-link.js';
import {
  type DeviceAdapter,
  DeviceCommandError,
  type DeviceInfo,
  DeviceOfflineError,
  type DeviceRef,
  type DeviceReport,
  type DeviceStatus,
  type LockConfig,
  type LockResult,
  DeviceTimeoutError,
  type PushOrder,
} from './types.js';

export interface MqttAdapterOptions extends MqttLinkOptions {
  replyTimeoutMs?: number;
  restartTimeoutMs?: number;
  installTimeoutMs?: number;
  onError?: (err: unknown) => void;
}

const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/**
 * The device gateway over a real MQTT broker (DEVICE_MQTT_URL): every call is a command on the
 * device's `cmd` topic answered on its `reply` topic (contract `device-topics.ts`); restarts and
 * installs report their end later through `onReport`, and what devices say about being online
 * (retained status, last will, heartbeats) is reported as `presence`.
 */
export class MqttDeviceAdapter implements DeviceAdapter {
  readonly name = 'mqtt';
  readonly link: MqttLink;
  private readonly emitter = new EventEmitter();
  private readonly longRunning = new Set<Promise<void>>();
  private readonly opts: Required<Omit<MqttAdapterOptions, 'onError' | keyof MqttLinkOptions>>;

  constructor(url: string, options: MqttAdapterOptions = {}) {
    this.opts = {
      replyTimeoutMs: options.replyTimeoutMs ?? DEVICE_REPLY_TIMEOUT_MS,
      restartTimeoutMs: options.restartTimeoutMs ?? DEVICE_RESTART_TIMEOUT_MS,
      installTimeoutMs: options.installTimeoutMs ?? DEVICE_INSTALL_TIMEOUT_MS,
    };
    this.emitter.setMaxListeners(50);
    this.link = new MqttLink(url, (u) => this.heard(u), options.onError, options);
  }

  get access() {
    return this.link.access;
  }

  async queryIp(device: DeviceRef): Promise<{ ip: string }> {
    const reply = await this.ask(device, { command: 'queryIp' });
    return { ip: text(reply.data.ip, device.ip ?? '') };
  }

  async queryCommunicationStatus(device: DeviceRef): Promise<DeviceStatus> {
    // An offline device cannot answer; its last will already said so (to whichever process heard it).
    if (device.online === false) return { online: false, lastSeenAt: null, restarting: false };
    const reply = await this.ask(device, { command: 'queryStatus' });
    return { online: true, lastSeenAt: reply.at, restarting: reply.data.restarting === true };
  }

  async getDeviceCode(device: DeviceRef): Promise<{ deviceCode: string }> {
    const reply = await this.ask(device, { command: 'getDeviceCode' });
    return { deviceCode: text(reply.data.deviceCode) };
  }

  async reportInfo(device: DeviceRef): Promise<DeviceInfo> {
    const { data, at } = await this.ask(device, { command: 'reportInfo' });
    return {
      serial: device.serial,
      online: true,
      lastSeenAt: at,
      restarting: data.restarting === true,
      ip: text(data.ip, device.ip ?? ''),
      firmwareVersion: text(data.firmwareVersion, device.firmwareVersion ?? ''),
      appVersion: text(data.appVersion, device.appVersion ?? ''),
      deviceCode: text(data.deviceCode),
    };
  }

  pushLockConfig(gateway: DeviceRef, config: LockConfig): Promise<LockResult> {
    return this.lockCommand(gateway, { command: 'pushConfig', config: { ...config } }, '配置已下发');
  }

  openLocker(gateway: DeviceRef, lockerNo: number): Promise<LockResult> {
    return this.lockCommand(gateway, { command: 'openLocker', lockerNo }, `${lockerNo} 号柜门已打开`);
  }

  clearWristband(gateway: DeviceRef, cardNo: string): Promise<LockResult> {
    return this.lockCommand(gateway, { command: 'clearWristband', cardNo }, `手环 ${cardNo} 已清除`);
  }

  /** A lock controller's refusal is an answer (`ok: false` with its reason); silence still throws. */
  private async lockCommand(gateway: DeviceRef, command: DeviceCommand, done: string): Promise<LockResult> {
    try {
      const reply = await this.ask(gateway, command);
      return { ok: true, message: reply.message || done, at: reply.at };
    } catch (err) {
      if (!(err instanceof DeviceCommandError)) throw err;
      return { ok: false, message: err.message, at: new Date().toISOString() };
    }
  }

  /** Accepted when the gateway says so; `restarted` follows when it says it is back, or never does. */
  restart(device: DeviceRef): Promise<{ accepted: true }> {
    return new Promise((resolve, reject) => {
      let accepted = false;
      const end = (ok: boolean, message: string, ip = device.ip ?? '') =>
        this.report({ kind: 'restarted', serial: device.serial, ok, at: new Date().toISOString(), ip, message });
      this.track((done) => {
        const onReply = (reply: DeviceReply): 'more' | 'done' => {
          if (reply.stage === 'failed') {
            if (accepted) end(false, reply.message || '重启失败');
            else reject(new DeviceCommandError(device.serial, reply.message));
          } else if (reply.stage === 'done') {
            end(true, reply.message || '重启完成', text(reply.data.ip, device.ip ?? ''));
          } else {
            if (!accepted) resolve({ accepted: true });
            accepted = true;
            return 'more';
          }
          if (!accepted) resolve({ accepted: true });
          done();
          return 'done';
        };
        const onTimeout = () => {
          if (accepted) end(false, '网关重启后未在规定时间内恢复连接');
          else reject(new DeviceTimeoutError(device.serial));
          done();
        };
        try {
          if (device.online === false) throw new DeviceOfflineError(device.serial);
          const { replyTimeoutMs, restartTimeoutMs } = this.opts;
          this.link.send(
            'gateway',
            device.serial,
            { command: 'restart' },
            replyTimeoutMs,
            onReply,
            onTimeout,
            restartTimeoutMs,
          );
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
          done();
        }
      });
    });
  }

  pushAppUpdate(order: PushOrder): Promise<{ accepted: number }> {
    const { jobId, versionName, downloadUrl, md5 } = order;
    for (const target of order.targets) {
      const result = (ok: boolean, message: string) =>
        this.report({
          kind: 'pushResult',
          jobId,
          deviceId: target.deviceId,
          serial: target.serial,
          ok,
          versionName,
          message,
          at: new Date().toISOString(),
        });
      this.track((done) => {
        try {
          if (target.online === false) throw new DeviceOfflineError(target.serial);
          this.link.send(
            'android',
            target.serial,
            { command: 'installApp', jobId, versionName, downloadUrl, md5 },
            this.opts.replyTimeoutMs,
            (reply) => {
              if (reply.stage === 'done' || reply.stage === 'failed') {
                result(reply.stage === 'done', reply.message || (reply.stage === 'done' ? '升级成功' : '升级失败'));
                done();
                return 'done';
              }
              if (reply.stage === 'accepted') return 'more';
              // A downloading device may say how far it got (data.percent); installing is past the download.
              const said = Number(reply.data.percent);
              const percent =
                reply.stage === 'installing' ? 100 : Number.isFinite(said) ? Math.min(100, Math.max(0, said)) : 0;
              this.report({
                kind: 'pushProgress',
                jobId,
                deviceId: target.deviceId,
                serial: target.serial,
                stage: reply.stage,
                percent,
                at: reply.at,
              });
              return 'more';
            },
            () => {
              result(false, '设备未响应（超时）');
              done();
            },
            this.opts.installTimeoutMs,
          );
        } catch (err) {
          result(false, err instanceof Error ? err.message : '下发失败');
          done();
        }
      });
    }
    return Promise.resolve({ accepted: order.targets.length });
  }

  setBanned(serial: string, banned: boolean): void {
    this.link.setBanned('gateway', serial, banned);
  }

  onReport(listener: (report: DeviceReport) => void): () => void {
    this.emitter.on('report', listener);
    return () => {
      this.emitter.off('report', listener);
    };
  }

  connected(): boolean {
    return this.link.client.connected;
  }

  async idle(): Promise<void> {
    while (this.longRunning.size > 0) await Promise.allSettled([...this.longRunning]);
  }

  async close(): Promise<void> {
    await this.link.close();
    await this.idle();
  }

  private async ask(device: DeviceRef, command: DeviceCommand): Promise<DeviceReply> {
    // What the server has on record (written by whichever of its processes heard the device's last
    // will or heartbeat): a device known to be off line is not kept waiting for.
    if (device.online === false) throw new DeviceOfflineError(device.serial);
    const reply = await this.link.ask(device.kind, device.serial, command, this.opts.replyTimeoutMs);
    if (reply.stage === 'failed') throw new DeviceCommandError(device.serial, reply.message);
    return reply;
  }

  /** Keeps a long command visible to `idle` until it ends one way or the other. */
  private track(start: (done: () => void) => void): void {
    let done!: () => void;
    const p = new Promise<void>((resolve) => {
      done = resolve;
    }).finally(() => this.longRunning.delete(p));
    this.longRunning.add(p);
    start(done);
  }

  private heard(u: Uplink): void {
    const online = u.channel === 'status' ? u.online : null;
    const ip = u.channel === 'heartbeat' ? u.ip : undefined;
    this.report({ kind: 'presence', device: u.kind, serial: u.serial, online, at: u.at, ...(ip ? { ip } : {}) });
  }

  private report(report: DeviceReport): void {
    this.emitter.emit('report', report);
  }
}
