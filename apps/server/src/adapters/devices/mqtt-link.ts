import { randomUUID } from 'node:crypto';
import {
  BANNED_NOTICE,
  cloudSubscriptions,
  type DeviceCommand,
  type DeviceKind,
  type DeviceReply,
  deviceHeartbeat,
  deviceReply,
  deviceStatusMessage,
  deviceTopic,
  parseDeviceTopic,
} from '@console/contract';
import { readFileSync } from 'node:fs';
import { type IClientOptions, type MqttClient, connect } from 'mqtt';
import { BrokerDeviceAccess } from './broker-access.js';
import { DYNSEC_RESPONSE_TOPIC, DynsecControl } from './dynsec.js';
import { DeviceBannedError, DeviceTimeoutError } from './types.js';

export interface MqttLinkOptions {
  /** PEM file of the CA that signed the broker's certificate (mqtts://). */
  caFile?: string;
  /** The broker's address as devices reach it; default the cloud's URL without its credentials. */
  deviceUrl?: string;
}

/** The URL without its user and password: what may be shown, logged, or handed to a device. */
export function withoutCredentials(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString().replace(/\/$/, '');
}

/** Something heard from a device that is not a command reply. */
export type Uplink =
  | { channel: 'status'; kind: DeviceKind; serial: string; online: boolean; at: string }
  | { channel: 'heartbeat'; kind: DeviceKind; serial: string; at: string; ip?: string };

interface Waiting {
  serial: string;
  onReply: (reply: DeviceReply) => 'more' | 'done';
  onTimeout: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The cloud's MQTT connection: subscribes to the devices' uplink (shared with the cloud's other
 * processes), sends commands with a correlation id and routes replies back to whoever waits for
 * them, and turns away ban-listed serials (their messages are dropped and
 * they are told once, on a retained notice).
 */
export class MqttLink {
  readonly client: MqttClient;
  private readonly waiting = new Map<string, Waiting>();
  private readonly banned = new Set<string>();
  private readonly told = new Set<string>();
  private readonly control: DynsecControl;
  /** Device credentials, when the cloud signs in (a secured broker whose dynamic-security admin it is). */
  readonly access: BrokerDeviceAccess | undefined;

  constructor(
    url: string,
    private readonly onUplink: (u: Uplink) => void,
    private readonly onError: (err: unknown) => void = () => undefined,
    options: MqttLinkOptions = {},
  ) {
    const connectOptions: IClientOptions = {
      clientId: `console-cloud-${randomUUID().slice(0, 8)}`,
      clean: true,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
      ...(options.caFile ? { ca: readFileSync(options.caFile) } : {}),
    };
    this.client = connect(url, connectOptions);
    this.control = new DynsecControl(this.client);
    const username = decodeURIComponent(new URL(url).username);
    this.access = username
      ? new BrokerDeviceAccess(this.control, username, options.deviceUrl ?? withoutCredentials(url), onError)
      : undefined;
    this.client.on('connect', () => {
      const topics = this.access ? [...cloudSubscriptions, DYNSEC_RESPONSE_TOPIC] : cloudSubscriptions;
      this.client.subscribe(topics, { qos: 1 }, (err) => {
        if (err) this.onError(err);
        else void this.access?.connected();
      });
    });
    this.client.on('error', (err) => this.onError(err));
    this.client.on('message', (topic, payload) => {
      if (!this.control.receive(topic, payload)) this.receive(topic, payload);
    });
  }

  /** Resolves once connected and subscribed (tests; the server does not wait at start-up). */
  ready(): Promise<void> {
    if (this.client.connected) return Promise.resolve();
    return new Promise((resolve) => this.client.once('connect', () => resolve()));
  }

  setBanned(kind: DeviceKind, serial: string, banned: boolean): void {
    if (banned) {
      this.banned.add(serial);
      this.tell(kind, serial);
    } else {
      this.banned.delete(serial);
      this.told.delete(serial);
      // Clears the retained notice, so a device reconnecting later is not told it is still banned.
      this.client.publish(deviceTopic(kind, serial, 'notice'), '', { qos: 1, retain: true });
    }
  }

  /**
   * Sends a command; `onReply` sees each reply (an install sends several) and says whether more
   * are due. The first reply is awaited `timeoutMs`; each later one restarts a wait of
   * `laterTimeoutMs`, so a long command (a restart, an install) times out only when it goes quiet.
   */
  send(
    kind: DeviceKind,
    serial: string,
    command: DeviceCommand,
    timeoutMs: number,
    onReply: Waiting['onReply'],
    onTimeout: () => void,
    laterTimeoutMs = timeoutMs,
  ): void {
    if (this.banned.has(serial)) throw new DeviceBannedError(serial);
    const id = randomUUID();
    const entry: Waiting = { serial, onReply, onTimeout, timer: this.arm(id, timeoutMs, onTimeout) };
    this.waiting.set(id, entry);
    const arm = (ms: number) => {
      clearTimeout(entry.timer);
      entry.timer = this.arm(id, ms, onTimeout);
    };
    entry.onReply = (reply) => {
      const more = onReply(reply);
      if (more === 'more') arm(laterTimeoutMs);
      return more;
    };
    this.client.publish(deviceTopic(kind, serial, 'cmd'), JSON.stringify({ id, ...command }), { qos: 1 });
  }

  /** A command answered by one reply: resolves with it, or fails with the Chinese timeout. */
  ask(kind: DeviceKind, serial: string, command: DeviceCommand, timeoutMs: number): Promise<DeviceReply> {
    return new Promise((resolve, reject) => {
      try {
        this.send(
          kind,
          serial,
          command,
          timeoutMs,
          (reply) => {
            resolve(reply);
            return 'done';
          },
          () => reject(new DeviceTimeoutError(serial)),
        );
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  get pending(): number {
    return this.waiting.size;
  }

  async close(): Promise<void> {
    this.control.close();
    for (const [id, w] of this.waiting) {
      clearTimeout(w.timer);
      this.waiting.delete(id);
      w.onTimeout();
    }
    await this.client.endAsync();
  }

  private arm(id: string, ms: number, onTimeout: () => void): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      if (!this.waiting.delete(id)) return;
      onTimeout();
    }, ms);
  }

  private tell(kind: DeviceKind, serial: string): void {
    if (this.told.has(serial)) return;
    this.told.add(serial);
    const notice = JSON.stringify({ type: 'banned', message: BANNED_NOTICE });
    this.client.publish(deviceTopic(kind, serial, 'notice'), notice, { qos: 1, retain: true });
  }

  private receive(topic: string, payload: Buffer): void {
    const parsed = parseDeviceTopic(topic);
    // An empty payload clears a retained status; nothing to hear.
    if (!parsed || payload.length === 0) return;
    const { kind, serial, channel } = parsed;
    if (this.banned.has(serial)) {
      this.tell(kind, serial);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return; // A device sending garbage is not the cloud's failure.
    }
    if (channel === 'reply') {
      const reply = deviceReply.safeParse(body);
      if (!reply.success) return;
      const w = this.waiting.get(reply.data.id);
      if (!w || w.serial !== serial) return;
      if (w.onReply(reply.data) === 'done') {
        clearTimeout(w.timer);
        this.waiting.delete(reply.data.id);
      }
      return;
    }
    if (channel === 'status') {
      const status = deviceStatusMessage.safeParse(body);
      if (!status.success) return;
      this.onUplink({ channel, kind, serial, online: status.data.online, at: status.data.at });
      return;
    }
    if (channel === 'heartbeat') {
      const beat = deviceHeartbeat.safeParse(body);
      if (!beat.success) return;
      this.onUplink({ channel, kind, serial, at: beat.data.at, ip: beat.data.ip });
    }
  }
}
