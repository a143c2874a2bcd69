import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { isoAfter, nowIso } from '../lib/clock.js';
import { hashToken, newToken } from './tokens.js';

// The device credential: a random value in an httpOnly cookie, stored hashed, one row per account
// the browser has signed in to. It marks the browser as known to the account (failures made
// elsewhere do not lock it out) and, while 记住密码 is ticked, lets it sign in without the password.
//
// This is the one cookie the server reads, a deliberate departure from "the server never reads
// the SaaS-Token cookie" (ARCHITECTURE.md): the session token still travels only in headers. The
// device cookie is scoped to the sign-in paths (Path below), SameSite=Strict and httpOnly, so no
// other endpoint ever receives it and no page script can read it; a cross-site request cannot
// carry it, and it can at most sign in as the browser's own remembered account.

export const DEVICE_COOKIE = 'console_device';
export const DEVICE_COOKIE_PATH = '/api/log/adminLogin';

/** The device value the browser sent, or null. */
export function deviceTokenOf(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, token: string, days: number): void {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${token}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${days * 86_400}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** The live device row of this browser for the account, or undefined. */
export async function findDevice(db: Kysely<Database>, token: string | null, adminId: number) {
  if (!token) return undefined;
  return db
    .selectFrom('signInDevice')
    .where('tokenHash', '=', hashToken(token))
    .where('adminId', '=', adminId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', nowIso())
    .select(['id', 'remember', 'secondFactorAt'])
    .executeTakeFirst();
}

/** The live remembered (记住密码) row of this browser for a login name, or undefined. */
export async function findRemembered(db: Kysely<Database>, token: string | null, loginName?: string) {
  if (!token) return undefined;
  let q = db
    .selectFrom('signInDevice as d')
    .innerJoin('admin as a', 'a.id', 'd.adminId')
    .where('d.tokenHash', '=', hashToken(token))
    .where('d.remember', '=', 1)
    .where('d.revokedAt', 'is', null)
    .where('d.expiresAt', '>', nowIso());
  if (loginName !== undefined) q = q.where('a.loginName', '=', loginName);
  return q
    .select(['d.id', 'd.adminId', 'a.loginName', 'd.secondFactorAt'])
    .orderBy('d.lastSignInAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Records a successful sign-in of this browser to the account and answers the browser's new
 * device value. The value is replaced at every sign-in (all of the browser's rows move to the new
 * hash), so a value planted in the browser beforehand is worthless once its owner signs in.
 */
export async function recordDeviceSignIn(
  db: Kysely<Database>,
  previous: string | null,
  adminId: number,
  opts: { remember: boolean; days: number; secondFactor?: boolean },
): Promise<{ token: string; deviceId: number }> {
  const token = newToken();
  const tokenHash = hashToken(token);
  const now = nowIso();
  const expiresAt = isoAfter(opts.days * 86_400_000);
  if (previous) {
    await db.updateTable('signInDevice').set({ tokenHash }).where('tokenHash', '=', hashToken(previous)).execute();
  } else if (Math.random() < 0.01) {
    // A client that keeps no cookies (a script) leaves a row per sign-in: expired ones go now and then.
    await db.deleteFrom('signInDevice').where('expiresAt', '<', now).execute();
  }
  const row = await db
    .insertInto('signInDevice')
    .values({
      tokenHash,
      adminId,
      remember: opts.remember ? 1 : 0,
      createdAt: now,
      lastSignInAt: now,
      expiresAt,
      ...(opts.secondFactor ? { secondFactorAt: now } : {}),
    })
    .onConflict((oc) =>
      oc.columns(['tokenHash', 'adminId']).doUpdateSet({
        remember: opts.remember ? 1 : 0,
        lastSignInAt: now,
        expiresAt,
        revokedAt: null,
        // The second factor is proven afresh only when this sign-in asked for it (modules/auth/second-step.ts).
        ...(opts.secondFactor ? { secondFactorAt: now } : {}),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, deviceId: row.id };
}

/** 记住密码 unticked or 不是你？: the browser keeps being known to the account, but needs the password. */
export async function forgetRemembered(db: Kysely<Database>, token: string, adminIds?: number[]): Promise<void> {
  let q = db.updateTable('signInDevice').set({ remember: 0 }).where('tokenHash', '=', hashToken(token));
  if (adminIds) {
    if (adminIds.length === 0) return;
    q = q.where('adminId', 'in', adminIds);
  }
  await q.execute();
}

/** Password change or reset, disable, provider frozen: no browser stays known or remembered. */
export async function revokeAccountDevices(db: Kysely<Database>, adminId: number): Promise<void> {
  await db
    .updateTable('signInDevice')
    .set({ revokedAt: nowIso(), remember: 0 })
    .where('adminId', '=', adminId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Force logout of one session: the browser it came from is neither known nor remembered any more. */
export async function revokeDevice(db: Kysely<Database>, deviceId: number): Promise<void> {
  await db
    .updateTable('signInDevice')
    .set({ revokedAt: nowIso(), remember: 0 })
    .where('id', '=', deviceId)
    .where('revokedAt', 'is', null)
    .execute();
}
