import Cookies from 'js-cookie';
import { forgetViewAsToken, isViewAsTab, tabLocal, viewAsToken } from './view-as-tab';

/** Cookie and local-storage names of spec section 9, declared once. */
export const cookieNames = {
  token: 'SaaS-Token',
  userInfo: 'userInfo',
  agentAdminDirect: 'agentAdminDirect',
  username: 'username',
  adminType: 'adminType',
  /** 记住账号: the login name to prefill. */
  loginName: 'loginName',
  rememberAccount: 'rememberAccount',
  /**
   * 记住密码 ticked in this browser. Only the flag: the credential is the server's httpOnly device
   * cookie, which no script here can read.
   */
  rememberPassword: 'rememberPassword',
} as const;

export const localNames = { changePsw: 'changePsw', needImgCode: 'needImgCode' } as const;

type CookieName = (typeof cookieNames)[keyof typeof cookieNames];

// Strict same-site: the console never needs these cookies on a cross-site request.
const base: Cookies.CookieAttributes = { sameSite: 'strict', path: '/' };
const REMEMBER_DAYS = 30;

/**
 * The account's cookies a view-as tab keeps to itself (./view-as-tab.ts): the provider's view
 * must not overwrite the admin's, which the admin's other tabs read.
 */
const accountCookies: ReadonlySet<string> = new Set([
  cookieNames.token,
  cookieNames.userInfo,
  cookieNames.agentAdminDirect,
  cookieNames.username,
  cookieNames.adminType,
]);
const inTab = (name: string) => accountCookies.has(name) && isViewAsTab();

export function readCookie(name: CookieName): string | undefined {
  return inTab(name) ? tabLocal.get(name) : Cookies.get(name);
}

/** `days` makes the cookie outlive the browser session (remembered sign-in); otherwise it is a session cookie. */
export function writeCookie(name: CookieName, value: string, days?: number): void {
  if (inTab(name)) tabLocal.set(name, value);
  else Cookies.set(name, value, days ? { ...base, expires: days } : base);
}

export function removeCookie(name: CookieName): void {
  if (inTab(name)) tabLocal.remove(name);
  else Cookies.remove(name, base);
}

export const rememberDays = REMEMBER_DAYS;

/** The bearer token: a view-as tab's own (never the admin's cookie), else the SaaS-Token cookie. */
export function getToken(): string | undefined {
  if (isViewAsTab()) return viewAsToken();
  return readCookie(cookieNames.token) || undefined;
}

export function setToken(token: string): void {
  writeCookie(cookieNames.token, token);
}

export function removeToken(): void {
  if (isViewAsTab()) forgetViewAsToken();
  else removeCookie(cookieNames.token);
}

export function readLocal(name: keyof typeof localNames): string | null {
  if (isViewAsTab()) return tabLocal.get(localNames[name]) ?? null;
  try {
    return localStorage.getItem(localNames[name]);
  } catch {
    return null;
  }
}

export function writeLocal(name: keyof typeof localNames, value: string): void {
  if (isViewAsTab()) return tabLocal.set(localNames[name], value);
  try {
    localStorage.setItem(localNames[name], value);
  } catch {
    // Private mode or a full quota: the flag simply is not kept across reloads.
  }
}
