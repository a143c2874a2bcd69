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

/**
 * Where to go after signing in: the `redirect` query (a console path only, never another site),
 * with the sign-in URL's other query parameters carried along.
 */
export function redirectTarget(search: string): string {
  const params = new URLSearchParams(search);
  const raw = params.get('redirect') ?? '';
  params.delete('redirect');
  const safe = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') ? raw : '/';
  const rest = params.toString();
  if (!rest) return safe;
  return `${safe}${safe.includes('?') ? '&' : '?'}${rest}`;
}
