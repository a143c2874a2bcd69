import {
  DEVICE_HEARTBEAT_MS,
  type DeviceCommandMessage,
  type DeviceKind,
  type DeviceReply,
  deviceClientId,
  deviceCommandMessage,
  deviceTopic,
} from '@console/contract';
import { type MqttClient, connect } from 'mqtt';

export interface SimDeviceOptions {
  kind: DeviceKind;
  serial: string;
  ip: string;
  firmwareVersion?: string;
  appVersion?: string;
  deviceCode: string;
  /** Its own key (设备密钥), issued by the server: the broker refuses a device without one. */
  username?: string;
  password?: string;
  /** Chance that a command fails: half of those are refused with a reason, half never answered. */
  failureRate?: number;
  /** A command's answer delay in ms (realistic: 100–1500). */
  delay?: () => number;
  heartbeatMs?: number;
  restartMs?: number;
  rng?: () => number;
  /** A command arrived (the simulator program logs it). */
  onCommand?: (command: string) => void;
  /** Heard a retained notice (the 黑名单). */
  onNotice?: (message: string) => void;
}

const installFailures = ['安装包下载失败', '安装包校验失败（MD5 不一致）', '存储空间不足'];
const commandFailures = ['设备忙，请稍后重试', '串口通讯异常'];

/**
 * One gateway or android terminal talking MQTT as a real one would (contract `device-topics.ts`):
 * a retained online status with an offline last will, heartbeats, and replies to commands after
 * a delay — sometimes failing, sometimes silent; restarts go offline and come back; installs
 * progress downloading → installing → done/failed. Used by `npm run simulate-devices` and the
 * MQTT adapter's tests.
 */
export class SimulatedMqttDevice {
  client: MqttClient | null = null;
  private beat: ReturnType<typeof setInterval> | null = null;
  private readonly rng: () => number;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  restarting = false;
  private hung = false;

  constructor(
    private readonly url: string,
    readonly opts: SimDeviceOptions,
  ) {
    this.rng = opts.rng ?? Math.random;
  }

  private topic(channel: 'status' | 'heartbeat' | 'reply' | 'cmd' | 'notice'): string {
    return deviceTopic(this.opts.kind, this.opts.serial, channel);
  }

  private status(online: boolean): string {
    return JSON.stringify({ online, at: new Date().toISOString() });
  }

  /** Connects; resolves once the online status is out. */
  start(): Promise<void> {
    const client = connect(this.url, {
      clientId: deviceClientId(this.opts.kind, this.opts.serial),
      ...(this.opts.username ? { username: this.opts.username, password: this.opts.password ?? '' } : {}),
      clean: true,
      reconnectPeriod: 3_000,
      // The broker publishes this if the device vanishes without saying goodbye.
      will: { topic: this.topic('status'), payload: Buffer.from(this.status(false)), qos: 1, retain: true },
    });
    this.client = client;
    client.on('message', (topic, payload) => this.receive(topic, payload));
    client.on('error', () => undefined);
    client.on('connect', () => {
      client.subscribe([this.topic('cmd'), this.topic('notice')], { qos: 1 });
      client.publish(this.topic('status'), this.status(true), { qos: 1, retain: true });
    });
    const ms = this.opts.heartbeatMs ?? DEVICE_HEARTBEAT_MS;
    // Spread over the interval, so thousands of devices do not beat in step.
    this.later(
      () => {
        this.heartbeat();
        this.beat = setInterval(() => this.heartbeat(), ms);
      },
      Math.floor(this.rng() * ms),
    );
    return new Promise((resolve) => client.once('connect', () => resolve()));
  }

  /** Drops off the network without a goodbye: the broker sends the last will (offline). */
  drop(): void {
    this.client?.end(true);
  }

  /**
   * Stops talking while the connection stays up (a frozen app, a half-dead link the broker has not
   * noticed): no heartbeats and no last will, so only the server's presence sweep notices.
   */
  hang(): void {
    this.hung = true;
  }

  /** Talks again after a hang: the next heartbeat goes out at once. */
  unhang(): void {
    this.hung = false;
    this.heartbeat();
  }

  /** Back on the network after a drop. */
  resume(): void {
    this.client?.reconnect();
  }

  async stop(): Promise<void> {
    if (this.beat) clearInterval(this.beat);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const client = this.client;
    if (!client) return;
    // A clean goodbye: status offline first (a real device being switched off does this).
    if (client.connected) await client.publishAsync(this.topic('status'), this.status(false), { qos: 1, retain: true });
    await client.endAsync();
  }

  private heartbeat(): void {
    if (!this.client?.connected || this.restarting || this.hung) return;
    const { ip, firmwareVersion, appVersion } = this.opts;
    const body = { at: new Date().toISOString(), ip, firmwareVersion, appVersion };
    this.client.publish(this.topic('heartbeat'), JSON.stringify(body), { qos: 0 });
  }

  private later(work: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      work();
    }, ms);
    this.timers.add(t);
  }

  private delay(): number {
    return this.opts.delay?.() ?? 100 + Math.floor(this.rng() * 1400);
  }

  private reply(id: string, stage: DeviceReply['stage'], message = '', data: Record<string, unknown> = {}): void {
    const body: DeviceReply = { id, stage, message, data, at: new Date().toISOString() };
    this.client?.publish(this.topic('reply'), JSON.stringify(body), { qos: 1 });
  }

  private receive(topic: string, payload: Buffer): void {
    if (payload.length === 0) return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (topic === this.topic('notice')) {
      const message = (body as { message?: unknown }).message;
      this.opts.onNotice?.(typeof message === 'string' ? message : '');
      return;
    }
    const cmd = deviceCommandMessage.safeParse(body);
    if (!cmd.success) return;
    this.opts.onCommand?.(cmd.data.command);
    this.later(() => this.handle(cmd.data), this.delay());
  }

  private handle(cmd: DeviceCommandMessage): void {
    const failureRate = this.opts.failureRate ?? 0;
    const roll = this.rng();
    if (roll < failureRate / 2) return; // No answer: the cloud times out.
    const fails = roll < failureRate;
    if (fails && cmd.command !== 'installApp') {
      this.reply(cmd.id, 'failed', commandFailures[Math.floor(this.rng() * commandFailures.length)]);
      return;
    }
    const o = this.opts;
    switch (cmd.command) {
      case 'queryIp':
        return this.reply(cmd.id, 'done', '', { ip: o.ip });
      case 'queryStatus':
        return this.reply(cmd.id, 'done', '', { online: true, restarting: this.restarting });
      case 'getDeviceCode':
        return this.reply(cmd.id, 'done', '', { deviceCode: o.deviceCode });
      case 'reportInfo': {
        const { ip, firmwareVersion, appVersion, deviceCode } = o;
        return this.reply(cmd.id, 'done', '', {
          ip,
          firmwareVersion,
          appVersion,
          deviceCode,
          restarting: this.restarting,
        });
      }
      case 'pushConfig':
        return this.reply(cmd.id, 'done', `配置已生效（${Object.keys(cmd.config).length} 项）`);
      case 'openLocker':
        return this.reply(cmd.id, 'done', `${cmd.lockerNo} 号柜已开`);
      case 'clearWristband':
        return this.reply(cmd.id, 'done', `手环 ${cmd.cardNo} 已清除`);
      case 'restart':
        return this.restart(cmd.id);
      case 'installApp':
        return this.install(cmd.id, cmd.versionName, fails);
    }
  }

  private restart(id: string): void {
    this.reply(id, 'accepted', '正在重启');
    this.restarting = true;
    this.client?.publish(this.topic('status'), this.status(false), { qos: 1, retain: true });
    this.later(() => {
      this.restarting = false;
      // DHCP often hands out a new lease after a reboot.
      if (this.rng() < 0.3) this.opts.ip = this.opts.ip.replace(/\d+$/, (n) => String((Number(n) % 250) + 1));
      this.client?.publish(this.topic('status'), this.status(true), { qos: 1, retain: true });
      this.reply(id, 'done', '重启完成', { ip: this.opts.ip });
    }, this.opts.restartMs ?? 4_000);
  }

  private install(id: string, versionName: string, fails: boolean): void {
    this.reply(id, 'accepted');
    this.later(() => {
      this.reply(id, 'downloading', '正在下载安装包', { percent: 0 });
      this.later(() => {
        if (fails) {
          this.reply(id, 'failed', installFailures[Math.floor(this.rng() * installFailures.length)]);
          return;
        }
        this.reply(id, 'installing', '正在安装');
        this.later(() => {
          this.opts.appVersion = versionName;
          this.reply(id, 'done', '升级成功');
        }, this.delay());
      }, this.delay() * 2);
    }, this.delay());
  }
}
