import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { isoAfter, nowIso } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';

/** Reasons written to login_log; the failure reasons in `guessReasons` count as password guesses. */
export const loginReasons = {
  ok: '登录成功',
  okRemember: '记住密码登录成功',
  unknownAccount: '账号不存在',
  badPassword: '密码错误',
  lockedNow: '密码错误次数过多，已临时锁定',
  locked: '登录锁定中',
  captchaMissing: '缺少图形验证码',
  captchaWrong: '图形验证码错误或已过期',
  disabled: '账号已停用',
  noPermission: '账号没有权限',
  agentFrozen: '所属服务商已冻结',
  rememberInvalid: '记住的登录已失效',
  ipDenied: '网络地址不允许登录',
  secondFactorOwed: '密码正确，待两步验证',
  secondFactorWrong: '两步验证码错误',
  okSecondFactor: '两步验证登录成功',
} as const;

/** A wrong second-factor code is a guess like a wrong password (issue 31). */
const guessReasons = [
  loginReasons.unknownAccount,
  loginReasons.badPassword,
  loginReasons.lockedNow,
  loginReasons.secondFactorWrong,
];

/** A pair's failures are forgotten this long after its last one (longer than the longest lock). */
const PAIR_MEMORY_MS = 24 * 3_600_000;
/** The window of the account-wide count that makes every unknown browser solve a captcha. */
const ACCOUNT_WINDOW_MS = 3_600_000;

export interface Attempt {
  loginName: string;
  ip: string;
  userAgent: string;
}

type GuardConfig = Pick<Config, 'AUTH_LOCK_AFTER' | 'AUTH_LOCK_MINUTES'>;

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

/** Generic: the same words whether the name exists, and whatever the source. */
export function lockedError(minutes: number): AppError {
  return new AppError('accountLocked', {
    message: `密码错误次数过多，请 ${minutes} 分钟后再试`,
  });
}

/** Minutes until a lock ends, at least 1. */
export function minutesLeft(until: string): number {
  return Math.max(1, Math.ceil((Date.parse(until) - Date.now()) / 60_000));
}

/**
 * Where failures are counted: the browser when the account knows it (a device credential from an
 * earlier successful sign-in), else the address. Failures elsewhere never reach a known browser.
 */
export function failureSource(ip: string, deviceId: number | undefined): string {
  return deviceId === undefined ? `ip:${ip}` : `device:${deviceId}`;
}

/** The pair's recent failures and lock, or none. */
export async function pairState(
  db: Kysely<Database>,
  loginName: string,
  source: string,
): Promise<{ failures: number; lockedUntil: string | null }> {
  const row = await db
    .selectFrom('signInFailure')
    .where('loginName', '=', loginName)
    .where('source', '=', source)
    .select(['failures', 'lockedUntil', 'lastFailureAt'])
    .executeTakeFirst();
  if (!row || Date.parse(row.lastFailureAt) < Date.now() - PAIR_MEMORY_MS) return { failures: 0, lockedUntil: null };
  return { failures: row.failures, lockedUntil: row.lockedUntil };
}

/**
 * Password guesses at a login name from every source within the last hour, counted up to `cap`
 * (the (login_name, at) index serves it; a flood of guesses costs no more than `cap` rows).
 */
export async function accountFailures(db: Kysely<Database>, loginName: string, cap: number): Promise<number> {
  const rows = await db
    .selectFrom('loginLog')
    .where('loginName', '=', loginName)
    .where('at', '>', isoAfter(-ACCOUNT_WINDOW_MS))
    .where('result', '=', 0)
    .where('reason', 'in', guessReasons)
    .select('id')
    .limit(cap)
    .execute();
  return rows.length;
}

/** The lock a pair earns with its `failures`-th failure: 1, 2, 4 … minutes up to AUTH_LOCK_MINUTES. */
export function lockMinutes(c: GuardConfig, failures: number): number | null {
  if (failures < c.AUTH_LOCK_AFTER) return null;
  return Math.min(c.AUTH_LOCK_MINUTES, 2 ** Math.min(failures - c.AUTH_LOCK_AFTER, 20));
}

/**
 * Records a wrong password for the pair (atomically, so concurrent guesses all count) and locks
 * the pair when it has reached the limit. Returns the minutes of the lock this failure set, or null.
 */
export async function countFailure(
  db: Kysely<Database>,
  c: GuardConfig,
  loginName: string,
  source: string,
  ip: string,
): Promise<number | null> {
  const now = nowIso();
  const forgotten = isoAfter(-PAIR_MEMORY_MS);
  const row = await db
    .insertInto('signInFailure')
    .values({ loginName: loginName.slice(0, 64), source, ip, failures: 1, lastFailureAt: now, lockedUntil: null })
    .onConflict((oc) =>
      oc.columns(['loginName', 'source']).doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when(eb.ref('signInFailure.lastFailureAt'), '<', forgotten)
          .then(1)
          .else(eb(eb.ref('signInFailure.failures'), '+', 1))
          .end(),
        ip,
        lastFailureAt: now,
      })),
    )
    .returning(['id', 'failures'])
    .executeTakeFirstOrThrow();
  // Now and then the pairs whose failures are forgotten go, so names sprayed by a guesser do not pile up.
  if (row.failures === 1 && Math.random() < 0.01) {
    await db.deleteFrom('signInFailure').where('lastFailureAt', '<', forgotten).execute();
  }
  const minutes = lockMinutes(c, row.failures);
  if (minutes === null) return null;
  await db
    .updateTable('signInFailure')
    .set({ lockedUntil: isoAfter(minutes * 60_000) })
    .where('id', '=', row.id)
    .execute();
  return minutes;
}

/** A successful sign-in from the pair: its failures are forgiven. */
export async function clearFailures(db: Kysely<Database>, loginName: string, source: string): Promise<void> {
  await db.deleteFrom('signInFailure').where('loginName', '=', loginName).where('source', '=', source).execute();
}
