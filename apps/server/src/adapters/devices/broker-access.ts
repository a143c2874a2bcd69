import { type DeviceKind, deviceClientId, deviceTopic } from '@console/contract';
import type { DynsecAcl, DynsecCommand, DynsecControl } from './dynsec.js';
import type { DeviceAccess, DeviceAccessState } from './types.js';

/** The cloud's own role: it may send every device its commands and notices (the admin role lets it read). */
export const CLOUD_ROLE = 'console-cloud';
const DEVICE_ROLE_PREFIX = 'console-device-';
export const deviceRole = (serial: string): string => `${DEVICE_ROLE_PREFIX}${serial}`;

const cloudAcls: DynsecAcl[] = ['cmd', 'notice'].map((channel) => ({
  acltype: 'publishClientSend',
  topic: `console/v1/+/+/${channel}`,
  allow: true,
}));

/**
 * A device's role: publish its own uplink, subscribe to its own downlink, nothing else (the
 * broker's default denies every other publish and subscribe). Literal topics, one role per
 * device: Mosquitto 2.0's plugin does not substitute %u in publish ACLs.
 */
export function deviceAcls(kind: DeviceKind, serial: string): DynsecAcl[] {
  return [
    ...(['status', 'heartbeat', 'reply'] as const).map((c) => ({
      acltype: 'publishClientSend',
      topic: deviceTopic(kind, serial, c),
      allow: true,
    })),
    ...(['cmd', 'notice'] as const).map((c) => ({
      acltype: 'subscribeLiteral',
      topic: deviceTopic(kind, serial, c),
      allow: true,
    })),
  ];
}

interface BrokerClient {
  username: string;
  disabled?: boolean;
  roles?: { rolename: string }[];
}

const BATCH = 200;

/** Device credentials on Mosquitto's dynamic-security plugin, the cloud connection being its admin. */
export class BrokerDeviceAccess implements DeviceAccess {
  private readonly tasks: (() => Promise<void>)[] = [];
  private markReady!: () => void;
  /** Resolves once the cloud's rights are in place and the ready tasks (the sync) have run once. */
  readonly ready = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  constructor(
    private readonly control: DynsecControl,
    private readonly cloudUsername: string,
    readonly deviceUrl: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  onReady(task: () => Promise<void>): void {
    this.tasks.push(task);
  }

  /**
   * Called on every (re)connect. Gives the cloud its role once: the plugin disconnects a client
   * whose roles change, so the grant is sent without waiting and the next connect carries on.
   */
  async connected(): Promise<void> {
    try {
      await this.control.must([{ command: 'createRole', rolename: CLOUD_ROLE, acls: cloudAcls }]);
      const [self] = await this.control.must([{ command: 'getClient', username: this.cloudUsername }]);
      const roles = ((self?.data?.client as BrokerClient | undefined)?.roles ?? []).map((r) => r.rolename);
      if (!roles.includes(CLOUD_ROLE)) {
        void this.control
          .run([{ command: 'addClientRole', username: this.cloudUsername, rolename: CLOUD_ROLE }])
          .catch(() => undefined);
        return;
      }
      for (const task of this.tasks) await task();
      this.markReady();
    } catch (err) {
      this.onError(err);
    }
  }

  async issue(kind: DeviceKind, serial: string, secret: string): Promise<void> {
    const rolename = deviceRole(serial);
    const clientid = deviceClientId(kind, serial);
    await this.control.must([{ command: 'createRole', rolename, acls: deviceAcls(kind, serial) }]);
    const [created] = await this.control.run([
      { command: 'createClient', username: serial, password: secret, clientid, roles: [{ rolename }] },
    ]);
    if (!created?.error) return;
    if (created.error !== 'Client already exists') throw new Error(`MQTT 代理拒绝了 createClient：${created.error}`);
    // Replaced: the new secret and client id, its role, and a disable/enable pair so that a session
    // signed in with the old secret ends now rather than at its next reconnect.
    await this.control.must([
      { command: 'setClientPassword', username: serial, password: secret },
      { command: 'setClientId', username: serial, clientid },
      { command: 'disableClient', username: serial },
      { command: 'enableClient', username: serial },
    ]);
    await this.control.run([{ command: 'addClientRole', username: serial, rolename }]);
  }

  async setEnabled(serial: string, enabled: boolean): Promise<void> {
    const [r] = await this.control.run([{ command: enabled ? 'enableClient' : 'disableClient', username: serial }]);
    if (r?.error && r.error !== 'Client not found') throw new Error(`MQTT 代理拒绝了 ${r.command}：${r.error}`);
  }

  async sync(wanted: DeviceAccessState[]): Promise<{ lost: string[] }> {
    const present = new Map((await this.deviceClients()).map((c) => [c.username, c]));
    const commands: DynsecCommand[] = [];
    const lost: string[] = [];
    const want = new Map(wanted.map((w) => [w.serial, w]));
    for (const w of wanted) {
      const client = present.get(w.serial);
      if (!client) lost.push(w.serial);
      else if (Boolean(client.disabled) === w.enabled)
        commands.push({ command: w.enabled ? 'enableClient' : 'disableClient', username: w.serial });
    }
    for (const client of present.values())
      if (!want.has(client.username) && !client.disabled)
        commands.push({ command: 'disableClient', username: client.username });
    for (let i = 0; i < commands.length; i += BATCH) await this.control.must(commands.slice(i, i + BATCH));
    return { lost };
  }

  /** Every client of the plugin that holds a device role. */
  private async deviceClients(): Promise<BrokerClient[]> {
    const out: BrokerClient[] = [];
    for (let offset = 0; ; offset += 1_000) {
      const [r] = await this.control.must([{ command: 'listClients', verbose: true, count: 1_000, offset }]);
      const clients = (r?.data?.clients as BrokerClient[] | undefined) ?? [];
      out.push(...clients.filter((c) => (c.roles ?? []).some((role) => role.rolename.startsWith(DEVICE_ROLE_PREFIX))));
      if (clients.length < 1_000) return out;
    }
  }
}
