import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { acceptCode, confirmEnrolment, startEnrolment } from '../second-factor/factor.js';
import {
  clearFailures,
  countFailure,
  lockedError,
  loginReasons,
  minutesLeft,
  pairState,
  writeLoginLog,
} from './login-guard.js';
import { openChallenge, spendChallenge } from './second-factor-gate.js';
import { type SignInDeps, type SignedIn, completeSignIn, findAccount } from './sign-in.js';

// The sign-in's second step, with the challenge a correct password answered (400225/400226).
// Wrong codes count toward the lock of the same (login name, source) pair as wrong passwords,
// and a locked pair is refused before any code is checked.

interface Client {
  ip: string;
  userAgent: string;
  deviceToken: string | null;
}

async function challengeAccount(db: Kysely<Database>, challenge: string, purpose: 'verify' | 'enrol', c: Client) {
  const ch = await openChallenge(db, challenge, purpose);
  const account = await findAccount(db, { id: ch.adminId });
  if (!account) throw new AppError('secondFactorExpired');
  const attempt = { loginName: account.loginName, ip: c.ip, userAgent: c.userAgent };
  const pair = await pairState(db, account.loginName, ch.source);
  if (pair.lockedUntil !== null && Date.parse(pair.lockedUntil) > Date.now()) {
    await writeLoginLog(db, attempt, account.id, false, loginReasons.locked);
    throw lockedError(minutesLeft(pair.lockedUntil));
  }
  return { ch, account, attempt };
}

/** Counts the wrong code; the lock it may set ends the challenge too. */
async function wrongCode(
  deps: SignInDeps,
  found: Awaited<ReturnType<typeof challengeAccount>>,
  err: AppError,
): Promise<never> {
  const { db, config } = deps;
  const { ch, account, attempt } = found;
  const lockedFor = await countFailure(db, config, account.loginName, ch.source, attempt.ip);
  await writeLoginLog(
    db,
    attempt,
    account.id,
    false,
    lockedFor === null ? loginReasons.secondFactorWrong : loginReasons.lockedNow,
  );
  if (lockedFor === null) throw err;
  await spendChallenge(db, ch.id);
  throw lockedError(lockedFor);
}

async function finish(deps: SignInDeps, found: Awaited<ReturnType<typeof challengeAccount>>, c: Client) {
  const { ch, account, attempt } = found;
  await spendChallenge(deps.db, ch.id);
  const signedIn = await completeSignIn(deps, account, attempt, {
    remember: ch.remember === 1,
    reason: loginReasons.okSecondFactor,
    deviceToken: c.deviceToken,
    secondFactor: true,
  });
  await clearFailures(deps.db, account.loginName, ch.source);
  return signedIn;
}

/** A code (or a recovery code) for the challenge: the session. */
export async function signInWithCode(
  deps: SignInDeps,
  body: { challenge: string; code: string },
  c: Client,
): Promise<SignedIn> {
  const found = await challengeAccount(deps.db, body.challenge, 'verify', c);
  if (!(await acceptCode(deps.db, found.account.id, body.code))) {
    await wrongCode(deps, found, new AppError('secondFactorWrong', { fieldErrors: { code: '验证码错误或已使用' } }));
  }
  return finish(deps, found, c);
}

/** 400226: a new key for the account, to scan before its first session. */
export async function startSignInEnrolment(db: Kysely<Database>, challenge: string, c: Client) {
  const { account } = await challengeAccount(db, challenge, 'enrol', c);
  return startEnrolment(db, account.id, account.loginName);
}

/** The first code from the new key: the factor is enrolled, the session and the recovery codes answered. */
export async function confirmSignInEnrolment(
  deps: SignInDeps,
  body: { challenge: string; code: string },
  c: Client,
): Promise<{ signedIn: SignedIn; recoveryCodes: string[] }> {
  const found = await challengeAccount(deps.db, body.challenge, 'enrol', c);
  let recoveryCodes: string[];
  try {
    recoveryCodes = await confirmEnrolment(deps.db, found.account.id, body.code);
  } catch (err) {
    if (err instanceof AppError && err.kind === 'secondFactorWrong') return wrongCode(deps, found, err);
    throw err;
  }
  return { signedIn: await finish(deps, found, c), recoveryCodes };
}
