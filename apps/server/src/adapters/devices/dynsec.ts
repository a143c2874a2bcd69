import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';

/** The control topic of Mosquitto's dynamic-security plugin and the topic it answers on. */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;

export type DynsecAcl = { acltype: string; topic: string; allow: boolean; priority?: number };
export type DynsecCommand = { command: string } & Record<string, unknown>;
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
}

/** The plugin's answers that mean "already as you want it": creating twice is not a failure. */
export const ALREADY = new Set(['Client already exists', 'Role already exists']);

interface Waiting {
  resolve: (r: DynsecResponse) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Commands to the dynamic-security plugin, sent by its admin over the control topic. The plugin
 * has no request/response pairing of its own beyond echoing `correlationData`, so each command
 * carries one and its answer is matched back to the caller; a command the broker never answers
 * (the connection dropped, or the plugin is not loaded) fails after `timeoutMs`.
 *
 * Written here because no maintained Node client for this API exists; the plugin itself (users,
 * salted PBKDF2 passwords, roles, ACL checks) is Mosquitto's.
 */
export class DynsecControl {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly client: MqttClient,
    private readonly timeoutMs = 5_000,
  ) {}

  /** Feeds a message the client received; true when it was an answer of the plugin's. */
  receive(topic: string, payload: Buffer): boolean {
    if (topic !== DYNSEC_RESPONSE_TOPIC) return false;
    let body: { responses?: (DynsecResponse & { correlationData?: string })[] };
    try {
      body = JSON.parse(payload.toString('utf8')) as typeof body;
    } catch {
      return true;
    }
    for (const r of body.responses ?? []) {
      const w = r.correlationData ? this.waiting.get(r.correlationData) : undefined;
      if (!w) continue;
      clearTimeout(w.timer);
      this.waiting.delete(r.correlationData!);
      w.resolve({ command: r.command, ...(r.error ? { error: r.error } : {}), ...(r.data ? { data: r.data } : {}) });
    }
    return true;
  }

  /** Sends the commands in one message; answers in the same order. */
  run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    if (commands.length === 0) return Promise.resolve([]);
    const tagged = commands.map((c) => ({ ...c, correlationData: randomUUID() }));
    const answers = tagged.map(
      (c) =>
        new Promise<DynsecResponse>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.waiting.delete(c.correlationData);
            reject(new Error(`设备通道（MQTT 代理）未应答 ${c.command}：请确认代理已加载 dynamic-security 插件`));
          }, this.timeoutMs);
          this.waiting.set(c.correlationData, { resolve, timer });
        }),
    );
    this.client.publish(DYNSEC_TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 });
    return Promise.all(answers);
  }

  /** Like `run`, but a command the plugin refused (other than "already exists") throws. */
  async must(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    const responses = await this.run(commands);
    const failed = responses.find((r) => r.error && !ALREADY.has(r.error));
    if (failed) throw new Error(`MQTT 代理拒绝了 ${failed.command}：${failed.error}`);
    return responses;
  }

  /** Pending answers fail at once (the connection is closing). */
  close(): void {
    for (const [id, w] of this.waiting) {
      clearTimeout(w.timer);
      this.waiting.delete(id);
      w.resolve({ command: 'closed', error: 'closed' });
    }
  }
}
