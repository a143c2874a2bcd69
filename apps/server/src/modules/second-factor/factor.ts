import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../credentials/passwords.js';
import { openSecret, sealSecret } from '../../credentials/second-factor-key.js';

// An account's TOTP factor (RFC 6238 through otplib: SHA-1, 6 digits, 30 s, as every
// authenticator app expects) and its ten recovery codes.

type Db = Kysely<Database>;

/** The name authenticator apps list the account under. */
const ISSUER = '门店云运营平台';
const RECOVERY_COUNT = 10;
/** One step either side: a phone clock a little off, or a code typed as it rolled over. */
const TOLERANCE_SECONDS = 30;
/** Recovery codes are typed by hand: no 0/o, 1/l/i. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export async function factorOf(db: Db, adminId: number) {
  return db
    .selectFrom('secondFactor')
    .where('adminId', '=', adminId)
    .select(['secret', 'enrolledAt', 'lastTimeStep'])
    .executeTakeFirst();
}

/** 要求两步验证 on one of the account's enabled roles (platform accounts hold roles). */
export async function roleRequiresFactor(db: Db, adminId: number): Promise<boolean> {
  const row = await db
    .selectFrom('adminRole')
    .innerJoin('role', 'role.id', 'adminRole.roleId')
    .where('adminRole.adminId', '=', adminId)
    .where('role.requireSecondFactor', '=', 1)
    .where('role.status', '=', 1)
    .select('role.id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A new key for the account, pending until a code confirms it; refused while one is enrolled. */
export async function startEnrolment(db: Db, adminId: number, loginName: string) {
  const existing = await factorOf(db, adminId);
  if (existing?.enrolledAt) throw new AppError('stateConflict', { message: '已启用两步验证，请先停用后再重新绑定' });
  const secret = generateSecret();
  const sealed = await sealSecret(db, secret);
  await db
    .insertInto('secondFactor')
    .values({ adminId, secret: sealed, enrolledAt: null, lastTimeStep: null, createdAt: nowIso() })
    .onConflict((oc) => oc.column('adminId').doUpdateSet({ secret: sealed, lastTimeStep: null, createdAt: nowIso() }))
    .execute();
  return { secret, otpauthUri: generateURI({ issuer: ISSUER, label: loginName, secret }) };
}

/**
 * Checks a six-digit code against the account's key (`pending`: the unconfirmed one). An accepted
 * code moves `last_time_step` forward in one conditional update, so the same code (or an older
 * one) is refused afterwards, even when two requests carry it at once.
 */
export async function acceptTotp(db: Db, adminId: number, code: string, pending = false): Promise<boolean> {
  const factor = await factorOf(db, adminId);
  if (!factor || (factor.enrolledAt === null) !== pending || !/^\d{6}$/.test(code)) return false;
  const result = await verify({
    secret: await openSecret(db, factor.secret),
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(factor.lastTimeStep === null ? {} : { afterTimeStep: factor.lastTimeStep }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  const moved = await db
    .updateTable('secondFactor')
    .set({ lastTimeStep: step })
    .where('adminId', '=', adminId)
    .where((eb) => eb.or([eb('lastTimeStep', 'is', null), eb('lastTimeStep', '<', step)]))
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

const normalRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** A recovery code is good once: it is marked used by the update that accepts it. */
async function acceptRecoveryCode(db: Db, adminId: number, code: string): Promise<boolean> {
  const plain = normalRecovery(code);
  if (!/^[a-z0-9]{10}$/.test(plain)) return false;
  const rows = await db
    .selectFrom('secondFactorRecoveryCode')
    .where('adminId', '=', adminId)
    .where('usedAt', 'is', null)
    .select(['id', 'codeHash'])
    .execute();
  for (const row of rows) {
    if (!(await verifyPassword(row.codeHash, plain))) continue;
    const used = await db
      .updateTable('secondFactorRecoveryCode')
      .set({ usedAt: nowIso() })
      .where('id', '=', row.id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) > 0;
  }
  return false;
}

/** A current code or an unused recovery code of the enrolled factor. */
export async function acceptCode(db: Db, adminId: number, code: string): Promise<boolean> {
  const trimmed = code.trim();
  return /^\d{6}$/.test(trimmed) ? acceptTotp(db, adminId, trimmed) : acceptRecoveryCode(db, adminId, trimmed);
}

function recoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i += 1) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Ten new recovery codes replace the old ones; answered once, only their hashes are kept. */
export async function replaceRecoveryCodes(db: Db, adminId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_COUNT }, recoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(normalRecovery(c))));
  await db.deleteFrom('secondFactorRecoveryCode').where('adminId', '=', adminId).execute();
  await db
    .insertInto('secondFactorRecoveryCode')
    .values(hashes.map((codeHash) => ({ adminId, codeHash, usedAt: null })))
    .execute();
  return codes;
}

/** Confirms the pending key with a code from it: the factor is enrolled, with fresh recovery codes. */
export async function confirmEnrolment(db: Db, adminId: number, code: string): Promise<string[]> {
  if (!(await acceptTotp(db, adminId, code.trim(), true))) {
    throw new AppError('secondFactorWrong', { fieldErrors: { code: '验证码错误或已过期' } });
  }
  await db.updateTable('secondFactor').set({ enrolledAt: nowIso() }).where('adminId', '=', adminId).execute();
  return replaceRecoveryCodes(db, adminId);
}

/** Disable or admin reset: the key, the recovery codes and every browser's proof of them go. */
export async function removeFactor(db: Db, adminId: number): Promise<boolean> {
  const gone = await db.deleteFrom('secondFactor').where('adminId', '=', adminId).executeTakeFirst();
  await db.deleteFrom('secondFactorRecoveryCode').where('adminId', '=', adminId).execute();
  await db.updateTable('signInDevice').set({ secondFactorAt: null }).where('adminId', '=', adminId).execute();
  return Number(gone.numDeletedRows) > 0;
}

export async function factorStatus(db: Db, adminId: number) {
  const factor = await factorOf(db, adminId);
  const left = await db
    .selectFrom('secondFactorRecoveryCode')
    .where('adminId', '=', adminId)
    .where('usedAt', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    enrolled: Boolean(factor?.enrolledAt),
    enrolledAt: factor?.enrolledAt ?? null,
    required: await roleRequiresFactor(db, adminId),
    recoveryCodesLeft: factor?.enrolledAt ? Number(left.n) : 0,
  };
}
