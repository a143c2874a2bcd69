import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { isoAfter, nowIso } from '../../lib/clock.js';
import { hashToken, newToken } from '../../credentials/tokens.js';
import { factorOf, roleRequiresFactor } from '../second-factor/factor.js';

// Between a correct password (or 记住密码) and a session: does the account owe a second factor?
// If so, the answer is a challenge instead of a session (400225 for a code, 400226 for an
// enrolment a role requires), and ./second-step.ts finishes the sign-in with it.

/** Long enough to open an authenticator app, short enough that a leaked challenge is worthless soon. */
const CHALLENGE_MS = 5 * 60_000;

/** The browser the sign-in came from, as credentials/devices.ts finds it. */
export interface KnownDevice {
  id: number;
  remember: number;
  secondFactorAt: string | null;
}

/**
 * `verify` when a code is owed, `enrol` when a role requires a factor the account has not
 * enrolled, null when none is. A browser with 记住密码 that passed the factor within
 * REMEMBER_DAYS skips it, unless a role requires it on every sign-in.
 */
export async function owedStep(
  db: Kysely<Database>,
  config: Pick<Config, 'REMEMBER_DAYS'>,
  adminId: number,
  device: KnownDevice | undefined,
): Promise<'verify' | 'enrol' | null> {
  const required = await roleRequiresFactor(db, adminId);
  const factor = await factorOf(db, adminId);
  if (!factor?.enrolledAt) return required ? 'enrol' : null;
  const since = device?.secondFactorAt ? Date.parse(device.secondFactorAt) : Number.NaN;
  const trusted = device?.remember === 1 && since > Date.now() - config.REMEMBER_DAYS * 86_400_000;
  return !required && trusted ? null : 'verify';
}

/** Issues the challenge and throws the answer that carries it. */
export async function demandStep(
  db: Kysely<Database>,
  adminId: number,
  step: 'verify' | 'enrol',
  opts: { source: string; remember: boolean },
): Promise<never> {
  const challenge = newToken();
  const now = nowIso();
  await db
    .insertInto('secondFactorChallenge')
    .values({
      tokenHash: hashToken(challenge),
      adminId,
      purpose: step,
      source: opts.source,
      remember: opts.remember ? 1 : 0,
      expiresAt: isoAfter(CHALLENGE_MS),
      usedAt: null,
    })
    .execute();
  // Old challenges go now and then, so abandoned sign-ins do not pile up.
  if (Math.random() < 0.02) await db.deleteFrom('secondFactorChallenge').where('expiresAt', '<', now).execute();
  throw new AppError(step === 'verify' ? 'secondFactorRequired' : 'secondFactorEnrolRequired', {
    data: { challenge },
  });
}

/** The live, unused challenge for the value, or 400228. */
export async function openChallenge(db: Kysely<Database>, challenge: string, purpose: 'verify' | 'enrol') {
  const row = await db
    .selectFrom('secondFactorChallenge')
    .where('tokenHash', '=', hashToken(challenge))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowIso())
    .select(['id', 'adminId', 'source', 'remember'])
    .executeTakeFirst();
  if (!row) throw new AppError('secondFactorExpired');
  return row;
}

/** A challenge is spent once: a second use of it (or a race) answers 400228. */
export async function spendChallenge(db: Kysely<Database>, id: number): Promise<void> {
  const spent = await db
    .updateTable('secondFactorChallenge')
    .set({ usedAt: nowIso() })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) throw new AppError('secondFactorExpired');
}
