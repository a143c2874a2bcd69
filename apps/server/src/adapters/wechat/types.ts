import { UpstreamUnavailableError } from '../../lib/upstream-errors.js';
/**
 * WeChat's open platform as the console needs it: an official account's facts, its live menu and
 * publishing its custom menu (accepted at once, confirmed later through `onMenuResult`), and a
 * merchant mini-program's authorisation to the platform (each call answers after a moment, or
 * fails with WeChat's reason as a `WechatRefusedError`).
 */
export interface OfficialAccountInfo {
  followerCount: number;
  verified: boolean;
  authorized: boolean;
}

/** WeChat's own menu JSON (snake_case keys, `sub_button`). */
export interface WechatButton {
  name: string;
  type?: string;
  key?: string;
  url?: string;
  appid?: string;
  pagepath?: string;
  sub_button?: WechatButton[];
}

export interface MenuResult {
  appId: string;
  ok: boolean;
  /** WeChat's errmsg, translated, when not ok. */
  message: string;
  at: string;
}

/** An authorisation WeChat granted or extended: until when it holds. */
export interface AppletGrant {
  expireAt: string;
}

export interface WechatAdapter {
  getAccountInfo(appId: string): Promise<OfficialAccountInfo>;
  /** The menu the account shows now (get_current_selfmenu_info); null when it has none. */
  getCurrentMenu(appId: string): Promise<WechatButton[] | null>;
  publishMenu(appId: string, buttons: WechatButton[]): Promise<void>;
  /** Authorises a mini-program to the platform for `days` days from now. */
  authorizeApplet(appId: string, days: number): Promise<AppletGrant>;
  /** Extends an authorisation by `days` days from `from` (its current expiry, or now when past). */
  renewApplet(appId: string, from: string, days: number): Promise<AppletGrant>;
  revokeApplet(appId: string): Promise<void>;
  onMenuResult(listener: (result: MenuResult) => void | Promise<void>): () => void;
  close(): void;
}

export class WechatUnavailableError extends UpstreamUnavailableError {
  constructor() {
    super('微信接口暂时无法访问，请稍后重试');
  }
}

/** WeChat answered and refused: the message is its errmsg, translated for the operator. */
export class WechatRefusedError extends Error {}
