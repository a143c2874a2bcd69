import { generate } from 'otplib';
import type { TestApp } from '../../../test/test-app.js';

// Helpers for the second-factor tests: an authenticator computing codes as a phone would.

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
}

/** The code of the window `steps` periods from now (1: the next one, within the accepted drift). */
export function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/**
 * A new window has passed for the account: the replay guard would otherwise refuse every code of
 * the current one after the first, and a test cannot wait 30 s per code.
 */
export async function nextWindow(t: TestApp, adminId: number): Promise<void> {
  await t.database.db.updateTable('secondFactor').set({ lastTimeStep: null }).where('adminId', '=', adminId).execute();
}

export async function call(
  t: TestApp,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return res.json<{ errCode: number; errMsg: string; data: Record<string, unknown> | null; fieldErrors?: object }>();
}

/** Enrols the signed-in operator through 个人中心's endpoints. */
export async function enrol(t: TestApp, op: { adminId: number; headers: Record<string, string> }): Promise<Enrolled> {
  const started = await call(t, op.headers, 'POST', '/api/adminLogin/secondFactor/start', {});
  const secret = String(started.data?.secret);
  const confirmed = await call(t, op.headers, 'POST', '/api/adminLogin/secondFactor/confirm', {
    code: await codeAt(secret),
  });
  if (confirmed.errCode !== 0) throw new Error(`enrolment failed: ${confirmed.errMsg}`);
  await nextWindow(t, op.adminId);
  return { secret, recoveryCodes: confirmed.data?.recoveryCodes as string[] };
}

/** 要求两步验证 on the account's (test fixture) role. */
export async function requireByRole(t: TestApp, adminId: number): Promise<void> {
  const held = await t.database.db.selectFrom('adminRole').where('adminId', '=', adminId).select('roleId').execute();
  await t.database.db
    .updateTable('role')
    .set({ requireSecondFactor: 1 })
    .where(
      'id',
      'in',
      held.map((r) => r.roleId),
    )
    .execute();
}
