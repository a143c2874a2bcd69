import { UpstreamUnavailableError } from '../../lib/upstream-errors.js';
/**
 * WeChat's open platform as the console needs it: an official account's facts and publishing its
 * custom menu. Publishing is accepted at once and confirmed later through `onMenuResult`.
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

export interface WechatAdapter {
  getAccountInfo(appId: string): Promise<OfficialAccountInfo>;
  publishMenu(appId: string, buttons: WechatButton[]): Promise<void>;
  onMenuResult(listener: (result: MenuResult) => void | Promise<void>): () => void;
  close(): void;
}

export class WechatUnavailableError extends UpstreamUnavailableError {
  constructor() {
    super('微信接口暂时无法访问，请稍后重试');
  }
}
