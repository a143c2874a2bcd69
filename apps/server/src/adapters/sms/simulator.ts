import { seededRng } from '../devices/rng.js';
import type { SmsAdapter, SmsMessage, SmsResult } from './types.js';

export interface SmsSimulatorOptions {
  seed?: number;
  answerMs?: [number, number];
  /** Share of sends the gateway refuses for flow control. */
  throttleRate?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Key ids the vendor has disabled (an overdue account): every send through them is refused. */
  disabledKeys?: string[];
}

/**
 * An SMS gateway that answers like the real ones: a delay, refusals for a channel without an
 * access key or with an over-long text, flow control now and then, and a per-number limit of
 * one message a minute (the vendors' default).
 */
export class SmsSimulator implements SmsAdapter {
  private readonly rng: () => number;
  private readonly lastSent = new Map<string, number>();
  private opts: Required<SmsSimulatorOptions>;

  constructor(options: SmsSimulatorOptions = {}) {
    this.opts = {
      seed: options.seed ?? 7,
      answerMs: options.answerMs ?? [80, 400],
      throttleRate: options.throttleRate ?? 0.05,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      now: options.now ?? Date.now,
      disabledKeys: options.disabledKeys ?? [],
    };
    this.rng = seededRng(this.opts.seed);
  }

  /** Changes delays and failure rates of a running simulator (tests make it fast and reliable). */
  configure(options: Omit<SmsSimulatorOptions, 'seed'>): void {
    this.opts = { ...this.opts, ...options };
  }

  async send(message: SmsMessage): Promise<SmsResult> {
    const [lo, hi] = this.opts.answerMs;
    const elapsedMs = Math.round(lo + (hi - lo) * this.rng());
    await this.opts.sleep(elapsedMs);
    const refuse = (text: string): SmsResult => ({ ok: false, messageId: '', message: text, elapsedMs });
    if (!message.accessKeyId) return refuse('通道未配置 AccessKey，网关拒绝发送');
    if (!message.accessKeySecret) return refuse('签名校验失败：AccessKey Secret 不正确');
    if (this.opts.disabledKeys.includes(message.accessKeyId)) return refuse('AccessKey 已被禁用（账户欠费）');
    // A text over 500 characters (signature included) is refused; longer ones bill as several messages.
    if (message.content.length + message.signName.length + 2 > 500) return refuse('短信内容超过 500 字');
    const now = this.opts.now();
    const last = this.lastSent.get(message.phone);
    if (last !== undefined && now - last < 60_000) return refuse('该号码 1 分钟内只能接收 1 条短信');
    if (this.rng() < this.opts.throttleRate) return refuse('网关流量控制，请稍后重试');
    this.lastSent.set(message.phone, now);
    const messageId = `${message.vendor}${now.toString(36)}${Math.floor(this.rng() * 1e6)}`.toUpperCase();
    return { ok: true, messageId, message: '提交成功', elapsedMs };
  }
}
