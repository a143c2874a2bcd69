import { cookieNames, readCookie, rememberDays, removeCookie, writeCookie } from '../../lib/storage';

/** What the sign-in form remembers between visits (记住账号 / 记住密码). */
export interface Remembered {
  rememberAccount: boolean;
  loginName: string;
  rememberPassword: boolean;
  /** The server-issued 记住密码 credential; the password itself is never kept. */
  rememberToken: string | undefined;
}

export function readRemembered(): Remembered {
  const rememberToken = readCookie(cookieNames.rememberToken) || undefined;
  return {
    rememberAccount: readCookie(cookieNames.rememberAccount) === '1',
    loginName: readCookie(cookieNames.loginName) ?? '',
    rememberPassword: readCookie(cookieNames.rememberPassword) === '1' && !!rememberToken,
    rememberToken,
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

export function keepRememberToken(token: string | null): void {
  if (token) {
    writeCookie(cookieNames.rememberToken, token, rememberDays);
    writeCookie(cookieNames.rememberPassword, '1', rememberDays);
  } else {
    removeCookie(cookieNames.rememberToken);
    removeCookie(cookieNames.rememberPassword);
  }
}
