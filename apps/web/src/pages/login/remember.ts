import { cookieNames, readCookie, rememberDays, removeCookie, writeCookie } from '../../lib/storage';

/** What the sign-in form remembers between visits (记住账号 / 记住密码). */
export interface Remembered {
  rememberAccount: boolean;
  loginName: string;
  /** 记住密码 was ticked here; the server's device cookie says for which account, if still valid. */
  rememberPassword: boolean;
}

export function readRemembered(): Remembered {
  return {
    rememberAccount: readCookie(cookieNames.rememberAccount) === '1',
    loginName: readCookie(cookieNames.loginName) ?? '',
    rememberPassword: readCookie(cookieNames.rememberPassword) === '1',
  };
}

export function keepAccount(loginName: string | null): void {
  if (loginName) {
    writeCookie(cookieNames.loginName, loginName, rememberDays);
    writeCookie(cookieNames.rememberAccount, '1', rememberDays);
  } else {
    removeCookie(cookieNames.loginName);
    removeCookie(cookieNames.rememberAccount);
  }
}

export function keepRememberPassword(ticked: boolean): void {
  if (ticked) writeCookie(cookieNames.rememberPassword, '1', rememberDays);
  else removeCookie(cookieNames.rememberPassword);
}
