import { hashText, seededRng } from '../devices/rng.js';
import {
  type MenuResult,
  type OfficialAccountInfo,
  type WechatAdapter,
  type WechatButton,
  WechatUnavailableError,
} from './types.js';

export interface WechatSimulatorOptions {
  seed?: number;
  answerMs?: [number, number];
  /** How long WeChat takes to confirm a menu, ms. */
  publishMs?: [number, number];
  unavailableRate?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * WeChat as a simulator: account facts derive from the AppID (stable between calls, followers
 * grow a little), menu publication is confirmed a moment later, and a menu linking a
 * mini-program the account has not associated is refused, as WeChat does (errcode 40166-like).
 * `settleAll()` confirms pending publications now.
 */
export class WechatSimulator implements WechatAdapter {
  private readonly rng: () => number;
  private readonly listeners = new Set<(r: MenuResult) => void | Promise<void>>();
  private readonly pending = new Map<string, { timer: NodeJS.Timeout; confirm: () => Promise<void> }>();
  private readonly followers = new Map<string, number>();
  private opts: Required<WechatSimulatorOptions>;

  constructor(options: WechatSimulatorOptions = {}) {
    this.opts = {
      seed: options.seed ?? 11,
      answerMs: options.answerMs ?? [100, 500],
      publishMs: options.publishMs ?? [1_500, 5_000],
      unavailableRate: options.unavailableRate ?? 0.02,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    };
    this.rng = seededRng(this.opts.seed);
  }

  /** Changes delays and failure rates of a running simulator (tests make it fast and reliable). */
  configure(options: Omit<WechatSimulatorOptions, 'seed'>): void {
    this.opts = { ...this.opts, ...options };
  }

  private within([lo, hi]: [number, number]): number {
    return Math.round(lo + (hi - lo) * this.rng());
  }

  private async answer(): Promise<void> {
    await this.opts.sleep(this.within(this.opts.answerMs));
    if (this.rng() < this.opts.unavailableRate) throw new WechatUnavailableError();
  }

  async getAccountInfo(appId: string): Promise<OfficialAccountInfo> {
    await this.answer();
    const h = hashText(appId);
    const base = this.followers.get(appId) ?? 200 + (h % 50_000);
    const now = base + Math.floor(this.rng() * 30);
    this.followers.set(appId, now);
    // One account in eight has lost its authorisation (the owner revoked it in WeChat).
    return { followerCount: now, verified: h % 3 !== 0, authorized: h % 8 !== 0 };
  }

  async publishMenu(appId: string, buttons: WechatButton[]): Promise<void> {
    await this.answer();
    const linksApplet = JSON.stringify(buttons).includes('"miniprogram"');
    const refused = linksApplet && hashText(appId) % 2 === 0;
    const previous = this.pending.get(appId);
    if (previous) clearTimeout(previous.timer);
    const confirm = async () => {
      this.pending.delete(appId);
      const result: MenuResult = {
        appId,
        ok: !refused,
        message: refused ? '菜单中的小程序未与该公众号关联' : '',
        at: new Date().toISOString(),
      };
      for (const listener of this.listeners) await listener(result);
    };
    const timer = setTimeout(() => void confirm(), this.within(this.opts.publishMs));
    timer.unref();
    this.pending.set(appId, { timer, confirm });
  }

  onMenuResult(listener: (result: MenuResult) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async settleAll(): Promise<void> {
    for (const { timer, confirm } of [...this.pending.values()]) {
      clearTimeout(timer);
      await confirm();
    }
  }

  close(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.listeners.clear();
  }
}
