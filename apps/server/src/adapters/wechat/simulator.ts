import { hashText, seededRng } from '../devices/rng.js';
import { appletRefusals, menuRefusal } from './simulated-refusals.js';
import {
  type AppletGrant,
  type MenuResult,
  type OfficialAccountInfo,
  type WechatAdapter,
  type WechatButton,
  WechatRefusedError,
  WechatUnavailableError,
} from './types.js';

const DAY_MS = 86_400_000;

export interface WechatSimulatorOptions {
  seed?: number;
  answerMs?: [number, number];
  /** How long WeChat takes to confirm a menu, ms. */
  publishMs?: [number, number];
  /** How long a mini-program authorisation, renewal or revocation takes to answer, ms. */
  appletMs?: [number, number];
  unavailableRate?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * WeChat as a simulator: account facts derive from the AppID (stable between calls, followers
 * grow a little), menu publication is confirmed a moment later and the published menu is what a
 * later read returns, and what WeChat refuses is a property of the AppID (simulated-refusals.ts):
 * a menu linking an unassociated mini-program, a mini-program authorised elsewhere or not
 * certified. Any call may also find WeChat unavailable (`unavailableRate`).
 * `settleAll()` confirms pending publications now.
 */
export class WechatSimulator implements WechatAdapter {
  private readonly rng: () => number;
  private readonly listeners = new Set<(r: MenuResult) => void | Promise<void>>();
  private readonly pending = new Map<string, { timer: NodeJS.Timeout; confirm: () => Promise<void> }>();
  private readonly followers = new Map<string, number>();
  private readonly menus = new Map<string, WechatButton[]>();
  private opts: Required<WechatSimulatorOptions>;

  constructor(options: WechatSimulatorOptions = {}) {
    this.opts = {
      seed: options.seed ?? 11,
      answerMs: options.answerMs ?? [100, 500],
      publishMs: options.publishMs ?? [1_500, 5_000],
      appletMs: options.appletMs ?? [800, 2_500],
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

  private async answer(range = this.opts.answerMs): Promise<void> {
    await this.opts.sleep(this.within(range));
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

  async getCurrentMenu(appId: string): Promise<WechatButton[] | null> {
    await this.answer();
    const published = this.menus.get(appId);
    if (published) return published;
    // An account never published through us: two in three carry a menu set up in WeChat itself.
    if (hashText(appId) % 3 === 0) return null;
    return [
      { name: '最新活动', type: 'view', url: 'https://mp.weixin.qq.com/' },
      { name: '联系我们', type: 'click', key: 'CONTACT_US' },
    ];
  }

  async authorizeApplet(appId: string, days: number): Promise<AppletGrant> {
    await this.answer(this.opts.appletMs);
    const refused = appletRefusals.authorize(appId);
    if (refused) throw new WechatRefusedError(refused);
    return { expireAt: new Date(Date.now() + days * DAY_MS).toISOString() };
  }

  async renewApplet(appId: string, from: string, days: number): Promise<AppletGrant> {
    await this.answer(this.opts.appletMs);
    const refused = appletRefusals.renew(appId);
    if (refused) throw new WechatRefusedError(refused);
    const start = Math.max(Date.parse(from) || 0, Date.now());
    return { expireAt: new Date(start + days * DAY_MS).toISOString() };
  }

  async revokeApplet(): Promise<void> {
    await this.answer(this.opts.appletMs);
  }

  async publishMenu(appId: string, buttons: WechatButton[]): Promise<void> {
    await this.answer();
    const reason = menuRefusal(appId, JSON.stringify(buttons));
    const previous = this.pending.get(appId);
    if (previous) clearTimeout(previous.timer);
    const confirm = async () => {
      this.pending.delete(appId);
      if (!reason) this.menus.set(appId, buttons);
      const result: MenuResult = { appId, ok: !reason, message: reason ?? '', at: new Date().toISOString() };
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
