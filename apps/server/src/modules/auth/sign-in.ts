import type { LoginBody, LoginResult } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { isoAfter, nowIso } from '../../lib/clock.js';
import { consumeCaptcha } from './captcha.js';
import { addressMaySignIn } from './ip-gate.js';
import {
  type Attempt,
  addressFailures,
  countFailure,
  lockedError,
  loginReasons,
  minutesLeft,
  unknownNameGuesses,
  writeLoginLog,
} from './login-guard.js';
import { loadPermissionCodes } from '../../credentials/operator-permissions.js';
import { type GatePass, passwordGate } from '../../credentials/hash-gate.js';
import { verifyPassword } from '../../credentials/passwords.js';
import { findRememberToken, issueRememberToken, spendRememberToken } from './remember.js';
import type { SessionStore } from '../../credentials/sessions.js';
import { signInTurns } from './turns.js';

/** Provider status 已冻结 (contract agentStatus). */
const AGENT_FROZEN = 2;

export interface SignInDeps {
  db: Kysely<Database>;
  sessions: SessionStore;
  config: Config;
}

const accountColumns = [
  'id',
  'loginName',
  'name',
  'adminType',
  'agentId',
  'passwordHash',
  'open',
  'headImg',
  'changePsw',
  'failedCount',
  'lockedUntil',
] as const;

async function findAccount(db: Kysely<Database>, where: { loginName: string } | { id: number }) {
  const q = db.selectFrom('admin').select(accountColumns);
  return 'id' in where
    ? q.where('id', '=', where.id).executeTakeFirst()
    : q.where('loginName', '=', where.loginName).executeTakeFirst();
}
type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** Sign-in by login name and password, with captcha, lockout and login-log rules. */
export async function signInWithPassword(deps: SignInDeps, body: LoginBody, a: Attempt): Promise<LoginResult> {
  // A place for this sign-in's hash is taken before the account lookups: during a burst the
  // sign-ins that could not hash soon are refused (429001) before any database work. The
  // admitted ones then do their lookups one per turn of the event loop (./turns.ts), so the other
  // requests read meanwhile do not wait behind all of them.
  const pass = passwordGate.admit();
  try {
    await signInTurns.next();
    return await checkPassword(deps, body, a, pass);
  } finally {
    pass.release();
  }
}

async function checkPassword(deps: SignInDeps, body: LoginBody, a: Attempt, pass: GatePass): Promise<LoginResult> {
  const { db, config: c } = deps;
  const fail = async (adminId: number | null, reason: string, error: AppError): Promise<never> => {
    await writeLoginLog(db, a, adminId, false, reason);
    throw error;
  };
  let account = await findAccount(db, { loginName: a.loginName });
  if (!(await addressMaySignIn(db, a.ip, account?.adminType ?? null))) {
    await fail(account?.id ?? null, loginReasons.ipDenied, new AppError('ipDenied'));
  }

  let failures: number;
  if (account) {
    if (account.lockedUntil !== null) {
      if (Date.parse(account.lockedUntil) > Date.now()) {
        await fail(account.id, loginReasons.locked, lockedError(minutesLeft(account.lockedUntil)));
      }
      // The lock has run out: the account starts afresh (unless a concurrent attempt re-locked it).
      await db
        .updateTable('admin')
        .set({ failedCount: 0, lockedUntil: null })
        .where('id', '=', account.id)
        .where('lockedUntil', '=', account.lockedUntil)
        .execute();
      account = { ...account, failedCount: 0, lockedUntil: null };
    }
    failures = account.failedCount;
  } else {
    const guesses = await unknownNameGuesses(db, c, a.loginName);
    failures = guesses.count;
    if (guesses.count >= c.AUTH_LOCK_AFTER && guesses.lastAt) {
      const until = isoAfter(c.AUTH_LOCK_MINUTES * 60_000, new Date(guesses.lastAt));
      await fail(null, loginReasons.locked, lockedError(minutesLeft(until)));
    }
  }

  const captchaNeeded =
    c.AUTH_CAPTCHA_AFTER === 0 ||
    failures >= c.AUTH_CAPTCHA_AFTER ||
    (await addressFailures(db, c, a.ip)) >= c.AUTH_CAPTCHA_AFTER;
  if (captchaNeeded) {
    const adminId = account?.id ?? null;
    if (!body.captchaId || !body.code) {
      await fail(adminId, loginReasons.captchaMissing, new AppError('captchaRequired'));
    } else if (!(await consumeCaptcha(db, body.captchaId, body.code))) {
      await fail(
        adminId,
        loginReasons.captchaWrong,
        new AppError('captchaRequired', { message: '图形验证码错误或已过期' }),
      );
    }
  }

  const passwordOk = await verifyPassword(account?.passwordHash ?? null, body.password, pass);
  if (!account) {
    const lockedNow = !passwordOk && failures + 1 >= c.AUTH_LOCK_AFTER;
    return fail(
      null,
      lockedNow ? loginReasons.lockedNow : loginReasons.unknownAccount,
      lockedNow ? lockedError(c.AUTH_LOCK_MINUTES) : new AppError('badCredentials'),
    );
  }
  if (!passwordOk) {
    const lockedNow = await countFailure(db, c, account.id);
    return fail(
      account.id,
      lockedNow ? loginReasons.lockedNow : loginReasons.badPassword,
      lockedNow ? lockedError(c.AUTH_LOCK_MINUTES) : new AppError('badCredentials'),
    );
  }
  return completeSignIn(deps, account, a, { remember: body.remember === true, reason: loginReasons.ok });
}

/** Sign-in with a 记住密码 credential: the credential is spent and a fresh one returned. */
export async function signInWithRemember(deps: SignInDeps, rememberToken: string, a: Attempt): Promise<LoginResult> {
  const { db } = deps;
  const found = await findRememberToken(db, a.loginName, rememberToken);
  const account = found ? await findAccount(db, { id: found.adminId }) : undefined;
  if (account && !(await addressMaySignIn(db, a.ip, account.adminType))) {
    await writeLoginLog(db, a, account.id, false, loginReasons.ipDenied);
    throw new AppError('ipDenied');
  }
  if (!found || !account || !(await spendRememberToken(db, found.id))) {
    await writeLoginLog(db, a, account?.id ?? null, false, loginReasons.rememberInvalid);
    throw new AppError('rememberExpired');
  }
  return completeSignIn(deps, account, a, { remember: true, reason: loginReasons.okRemember });
}

/** The checks after the credential is proven, then the session (and remember token) and log row. */
async function completeSignIn(
  deps: SignInDeps,
  account: Account,
  a: Attempt,
  opts: { remember: boolean; reason: string },
): Promise<LoginResult> {
  const { db, sessions, config } = deps;
  if (account.open !== 1) {
    await writeLoginLog(db, a, account.id, false, loginReasons.disabled);
    throw new AppError('accountDisabled');
  }
  const permissions = await loadPermissionCodes(db, account);
  if (permissions.length === 0) {
    // A frozen provider's operators hold no permissions; tell them why rather than 该账号没有权限.
    const frozen =
      account.agentId !== null &&
      (await db.selectFrom('agent').where('id', '=', account.agentId).select('status').executeTakeFirst())?.status ===
        AGENT_FROZEN;
    await writeLoginLog(db, a, account.id, false, frozen ? loginReasons.agentFrozen : loginReasons.noPermission);
    throw frozen
      ? new AppError('accountDisabled', { message: '所属服务商已冻结，请联系平台' })
      : new AppError('noPermissionAccount');
  }
  const direct =
    account.agentId === null
      ? undefined
      : await db.selectFrom('agent').where('id', '=', account.agentId).select('direct').executeTakeFirst();

  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin')
      .set({ failedCount: 0, lockedUntil: null, lastLoginAt: nowIso(), lastLoginIp: a.ip })
      .where('id', '=', account.id)
      .execute();
    const token = await sessions.create(trx, account.id, { ip: a.ip, userAgent: a.userAgent });
    const rememberToken = opts.remember ? await issueRememberToken(trx, account.id, config.REMEMBER_DAYS) : undefined;
    await writeLoginLog(trx, a, account.id, true, opts.reason);
    return {
      token,
      changePsw: account.changePsw === 1 ? 1 : 0,
      adminType: account.adminType,
      userInfo: {
        id: String(account.id),
        name: account.name,
        loginName: account.loginName,
        agentId: account.agentId === null ? null : String(account.agentId),
        headImg: account.headImg,
      },
      agentAdminDirect: direct?.direct === 1 ? 1 : 0,
      ...(rememberToken ? { rememberToken } : {}),
    };
  });
}
