import type { LoginBody, LoginResult } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { consumeCaptcha } from './captcha.js';
import { addressMaySignIn } from './ip-gate.js';
import {
  type Attempt,
  accountFailures,
  clearFailures,
  countFailure,
  failureSource,
  lockedError,
  loginReasons,
  minutesLeft,
  pairState,
  writeLoginLog,
} from './login-guard.js';
import { loadPermissionCodes } from '../../credentials/operator-permissions.js';
import { type GatePass, passwordGate } from '../../credentials/hash-gate.js';
import { verifyPassword } from '../../credentials/passwords.js';
import { findDevice, findRemembered, forgetRemembered, recordDeviceSignIn } from '../../credentials/devices.js';
import type { SessionStore } from '../../credentials/sessions.js';
import { signInTurns } from './turns.js';
import { type KnownDevice, demandStep, owedStep } from './second-factor-gate.js';

/** Provider status 已冻结 (contract agentStatus). */
const AGENT_FROZEN = 2;

/** A sign-in's answer, and the browser's new device value for the route to set as its cookie. */
export interface SignedIn {
  result: LoginResult;
  deviceToken: string;
}

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
] as const;

export async function findAccount(db: Kysely<Database>, where: { loginName: string } | { id: number }) {
  const q = db.selectFrom('admin').select(accountColumns);
  return 'id' in where
    ? q.where('id', '=', where.id).executeTakeFirst()
    : q.where('loginName', '=', where.loginName).executeTakeFirst();
}
export type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/**
 * Sign-in by login name and password, with captcha, lockout and login-log rules. `deviceToken`
 * is the browser's device cookie, if any (see credentials/devices.ts).
 */
export async function signInWithPassword(
  deps: SignInDeps,
  body: LoginBody,
  a: Attempt,
  deviceToken: string | null,
): Promise<SignedIn> {
  // A place for this sign-in's hash is taken before the account lookups: during a burst the
  // sign-ins that could not hash soon are refused (429001) before any database work. The
  // admitted ones then do their lookups one per turn of the event loop (./turns.ts), so the other
  // requests read meanwhile do not wait behind all of them.
  const pass = passwordGate.admit();
  try {
    await signInTurns.next();
    return await checkPassword(deps, body, a, deviceToken, pass);
  } finally {
    pass.release();
  }
}

/**
 * Failures are counted per (login name, source): the source is the address, or the browser when
 * the account already knows it. The pair must solve a captcha after AUTH_CAPTCHA_AFTER failures
 * and is locked for a growing wait after AUTH_LOCK_AFTER; the account as a whole only makes
 * unknown browsers solve a captcha, after AUTH_ACCOUNT_CAPTCHA_AFTER guesses an hour. Nothing an
 * attacker does from elsewhere locks the owner out. Unknown names go through the same steps.
 */
async function checkPassword(
  deps: SignInDeps,
  body: LoginBody,
  a: Attempt,
  deviceToken: string | null,
  pass: GatePass,
): Promise<SignedIn> {
  const { db, config: c } = deps;
  const fail = async (adminId: number | null, reason: string, error: AppError): Promise<never> => {
    await writeLoginLog(db, a, adminId, false, reason);
    throw error;
  };
  const account = await findAccount(db, { loginName: a.loginName });
  const adminId = account?.id ?? null;
  if (!(await addressMaySignIn(db, a.ip, account?.adminType ?? null))) {
    await fail(adminId, loginReasons.ipDenied, new AppError('ipDenied'));
  }

  const device = account ? await findDevice(db, deviceToken, account.id) : undefined;
  const source = failureSource(a.ip, device?.id);
  const pair = await pairState(db, a.loginName, source);
  if (pair.lockedUntil !== null && Date.parse(pair.lockedUntil) > Date.now()) {
    await fail(adminId, loginReasons.locked, lockedError(minutesLeft(pair.lockedUntil)));
  }

  const captchaNeeded =
    c.AUTH_CAPTCHA_AFTER === 0 ||
    pair.failures >= c.AUTH_CAPTCHA_AFTER ||
    (!device && (await accountFailures(db, a.loginName, c.AUTH_ACCOUNT_CAPTCHA_AFTER)) >= c.AUTH_ACCOUNT_CAPTCHA_AFTER);
  if (captchaNeeded) {
    if (!body.captchaId || !body.code) {
      await fail(adminId, loginReasons.captchaMissing, new AppError('captchaRequired'));
    } else if (!(await consumeCaptcha(db, body.captchaId, body.code))) {
      // Still 400217 (the console asks for a new image, quietly); the field says why.
      await fail(
        adminId,
        loginReasons.captchaWrong,
        new AppError('captchaRequired', { message: '验证码错误', fieldErrors: { code: '验证码错误' } }),
      );
    }
  }

  const passwordOk = await verifyPassword(account?.passwordHash ?? null, body.password, pass);
  if (!account || !passwordOk) {
    const lockedFor = await countFailure(db, c, a.loginName, source, a.ip);
    const reason = account ? loginReasons.badPassword : loginReasons.unknownAccount;
    return fail(
      adminId,
      lockedFor === null ? reason : loginReasons.lockedNow,
      lockedFor === null ? new AppError('badCredentials') : lockedError(lockedFor),
    );
  }
  const signedIn = await completeSignIn(deps, account, a, {
    remember: body.remember === true,
    reason: loginReasons.ok,
    deviceToken,
    gate: { source, device },
  });
  await clearFailures(db, a.loginName, source);
  return signedIn;
}

/** Sign-in with 记住密码: the browser's device cookie, remembered for this login name. */
export async function signInWithRemember(deps: SignInDeps, a: Attempt, deviceToken: string | null): Promise<SignedIn> {
  const { db } = deps;
  const found = await findRemembered(db, deviceToken, a.loginName);
  const account = found ? await findAccount(db, { id: found.adminId }) : undefined;
  if (!found || !account) {
    await writeLoginLog(db, a, null, false, loginReasons.rememberInvalid);
    throw new AppError('rememberExpired');
  }
  if (!(await addressMaySignIn(db, a.ip, account.adminType))) {
    await writeLoginLog(db, a, account.id, false, loginReasons.ipDenied);
    throw new AppError('ipDenied');
  }
  return completeSignIn(deps, account, a, {
    remember: true,
    reason: loginReasons.okRemember,
    deviceToken,
    gate: { source: failureSource(a.ip, found.id), device: { ...found, remember: 1 } },
  });
}

/** The login name this browser may sign in to without its password, if any. */
export async function rememberedLoginName(db: Kysely<Database>, deviceToken: string | null): Promise<string | null> {
  return (await findRemembered(db, deviceToken))?.loginName ?? null;
}

/** 记住密码 unticked, or 不是你？: this browser needs the password again (for one name, or all). */
export async function forgetDevice(
  db: Kysely<Database>,
  deviceToken: string | null,
  loginName?: string,
): Promise<void> {
  if (!deviceToken) return;
  if (loginName === undefined) return forgetRemembered(db, deviceToken);
  const account = await findAccount(db, { loginName });
  await forgetRemembered(db, deviceToken, account ? [account.id] : []);
}

/**
 * The checks after the credential is proven, then the session, the device and the log row.
 * With `gate` (a password or 记住密码 step) an owed second factor answers a challenge instead
 * (./second-factor-gate.ts); `secondFactor` marks a sign-in that has just passed it.
 */
export async function completeSignIn(
  deps: SignInDeps,
  account: Account,
  a: Attempt,
  opts: {
    remember: boolean;
    reason: string;
    deviceToken: string | null;
    gate?: { source: string; device: KnownDevice | undefined };
    secondFactor?: boolean;
  },
): Promise<SignedIn> {
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
  if (opts.gate) {
    const step = await owedStep(db, config, account.id, opts.gate.device);
    if (step) {
      await writeLoginLog(db, a, account.id, false, loginReasons.secondFactorOwed);
      await demandStep(db, account.id, step, { source: opts.gate.source, remember: opts.remember });
    }
  }
  const direct =
    account.agentId === null
      ? undefined
      : await db.selectFrom('agent').where('id', '=', account.agentId).select('direct').executeTakeFirst();

  const signedIn = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin')
      .set({ lastLoginAt: nowIso(), lastLoginIp: a.ip })
      .where('id', '=', account.id)
      .execute();
    const device = await recordDeviceSignIn(trx, opts.deviceToken, account.id, {
      remember: opts.remember,
      days: config.REMEMBER_DAYS,
      secondFactor: opts.secondFactor === true,
    });
    const token = await sessions.create(trx, account.id, {
      ip: a.ip,
      userAgent: a.userAgent,
      deviceId: device.deviceId,
    });
    await writeLoginLog(trx, a, account.id, true, opts.reason);
    const result: LoginResult = {
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
    };
    return { result, deviceToken: device.token, deviceId: device.deviceId };
  });
  await sessions.replaceDeviceSessions(db, account.id, signedIn.deviceId, signedIn.result.token);
  return { result: signedIn.result, deviceToken: signedIn.deviceToken };
}
