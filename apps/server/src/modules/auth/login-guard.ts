import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { isoAfter, nowIso } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';

/** Reasons written to login_log; the failure reasons below count toward captcha and lockout. */
export const loginReasons = {
  ok: '登录成功',
  okRemember: '记住密码登录成功',
  unknownAccount: '账号不存在',
  badPassword: '密码错误',
  lockedNow: '密码错误次数过多，账号已锁定',
  locked: '账号锁定中',
  captchaMissing: '缺少图形验证码',
  captchaWrong: '图形验证码错误或已过期',
  disabled: '账号已停用',
  noPermission: '账号没有权限',
  agentFrozen: '所属服务商已冻结',
  rememberInvalid: '记住的登录已失效',
  ipDenied: '网络地址不允许登录',
} as const;

const guessReasons = [loginReasons.unknownAccount, loginReasons.badPassword, loginReasons.lockedNow];

export interface Attempt {
  loginName: string;
  ip: string;
  userAgent: string;
}

type GuardConfig = Pick<Config, 'AUTH_CAPTCHA_AFTER' | 'AUTH_LOCK_AFTER' | 'AUTH_LOCK_MINUTES'>;

export async function writeLoginLog(
  db: Kysely<Database>,
  a: Attempt,
  adminId: number | null,
  ok: boolean,
  reason: string,
): Promise<void> {
  await db
    .insertInto('loginLog')
    .values({
      loginName: a.loginName.slice(0, 64),
      adminId,
      ip: a.ip,
      userAgent: a.userAgent.slice(0, 300),
      result: ok ? 1 : 0,
      reason,
      at: nowIso(),
    })
    .execute();
}

export function lockedError(minutes: number): AppError {
  return new AppError('accountLocked', {
    message: `密码错误次数过多，账号已锁定，请 ${minutes} 分钟后再试`,
  });
}

const windowStart = (c: GuardConfig) => isoAfter(-c.AUTH_LOCK_MINUTES * 60_000);

/** Failed sign-ins from one address within the lock window. */
export async function addressFailures(db: Kysely<Database>, c: GuardConfig, ip: string): Promise<number> {
  const row = await db
    .selectFrom('loginLog')
    .where('ip', '=', ip)
    .where('result', '=', 0)
    .where('at', '>', windowStart(c))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Password guesses at a login name that has no account, within the lock window. Unknown names
 * are held to the same captcha and lockout rules as real ones, so the answers reveal nothing.
 */
export async function unknownNameGuesses(
  db: Kysely<Database>,
  c: GuardConfig,
  loginName: string,
): Promise<{ count: number; lastAt: string | null }> {
  const row = await db
    .selectFrom('loginLog')
    .where('loginName', '=', loginName)
    .where('result', '=', 0)
    .where('reason', 'in', guessReasons)
    .where('at', '>', windowStart(c))
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('lastAt')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), lastAt: row.lastAt ?? null };
}

/** Minutes until a lock ends, at least 1. */
export function minutesLeft(until: string): number {
  return Math.max(1, Math.ceil((Date.parse(until) - Date.now()) / 60_000));
}

/**
 * Records a wrong password against an account (atomically, so concurrent guesses all count) and
 * locks it when the limit is reached. Returns true when this failure locked it.
 */
export async function countFailure(db: Kysely<Database>, c: GuardConfig, adminId: number): Promise<boolean> {
  const row = await db
    .updateTable('admin')
    .set((eb) => ({ failedCount: eb('failedCount', '+', 1) }))
    .where('id', '=', adminId)
    .returning('failedCount')
    .executeTakeFirstOrThrow();
  if (row.failedCount < c.AUTH_LOCK_AFTER) return false;
  await db
    .updateTable('admin')
    .set({ lockedUntil: isoAfter(c.AUTH_LOCK_MINUTES * 60_000) })
    .where('id', '=', adminId)
    .execute();
  return true;
}
