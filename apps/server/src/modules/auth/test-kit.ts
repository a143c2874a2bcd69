import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestOperator } from '../../../test/operators.js';
import type { TestApp } from '../../../test/test-app.js';
import { captchaAnswerHash } from './captcha.js';
import { hashPassword } from '../../credentials/passwords.js';

// Helpers for the sign-in tests: accounts with real password hashes, and captchas with a known answer.

export const PASSWORD = 'Secret123';

/** `expect.any(String)`, typed for object literals. */
export const anyString: unknown = expect.any(String);

export async function createAccount(
  t: TestApp,
  opts: { adminType?: 0 | 1 | 2; agentId?: number; permissions?: string[]; loginName?: string } = {},
) {
  const op = await createTestOperator(t, {
    adminType: opts.adminType ?? 0,
    permissions: opts.permissions ?? ['accountMgt'],
    ...(opts.agentId !== undefined ? { agentId: opts.agentId } : {}),
    ...(opts.loginName ? { loginName: opts.loginName } : {}),
  });
  await t.database.db
    .updateTable('admin')
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where('id', '=', op.adminId)
    .execute();
  const row = await t.database.db
    .selectFrom('admin')
    .where('id', '=', op.adminId)
    .select('loginName')
    .executeTakeFirstOrThrow();
  return { ...op, loginName: row.loginName };
}

/** A captcha through the real endpoint, with its answer replaced by one the test knows. */
export async function knownCaptcha(t: TestApp, answer = 'ab3d', ip = '127.0.0.1') {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
  const { captchaId } = res.json<{ data: { captchaId: string } }>().data;
  await t.database.db
    .updateTable('captcha')
    .set({ answerHash: captchaAnswerHash(captchaId, answer) })
    .where('id', '=', captchaId)
    .execute();
  return { captchaId, code: answer };
}

export interface Envelope {
  errCode: number;
  errMsg: string;
  data: Record<string, unknown> | null;
  fieldErrors?: Record<string, string>;
  requestId?: string;
}

export async function login(
  t: TestApp,
  body: Record<string, unknown>,
  ip = '127.0.0.1',
): Promise<{ res: LightMyRequestResponse; body: Envelope }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/log/adminLogin/login',
    payload: body,
    remoteAddress: ip,
    headers: { 'user-agent': 'vitest-browser' },
  });
  return { res, body: res.json() };
}

let ipSerial = 0;
/** A fresh client address, so address-based rules of one test do not leak into another. */
export function freshIp(): string {
  ipSerial += 1;
  return `10.${(ipSerial >> 16) & 255}.${(ipSerial >> 8) & 255}.${ipSerial & 255}`;
}

/**
 * A browser for the sign-in tests: it keeps the httpOnly device cookie between requests, as a
 * real one does, and sends it only to the sign-in paths it is scoped to.
 */
export function browser(t: TestApp, ip = freshIp(), userAgent = 'vitest-browser') {
  let device: string | null = null;
  const send = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: {
        'user-agent': userAgent,
        ...(device && url.startsWith('/api/log/adminLogin/') ? { cookie: `console_device=${device}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    const set = res.headers['set-cookie'];
    const cookie = (Array.isArray(set) ? set : set ? [set] : []).find((c) => c.startsWith('console_device='));
    if (cookie) device = cookie.slice('console_device='.length).split(';')[0] ?? null;
    return { res, body: res.json<Envelope>() };
  };
  return {
    ip,
    get device() {
      return device;
    },
    /** Forget the cookie (another browser, or cleared cookies). */
    clearCookies: () => {
      device = null;
    },
    login: (body: Record<string, unknown>) => send('POST', '/api/log/adminLogin/login', body),
    byRemember: (loginName: string) => send('POST', '/api/log/adminLogin/loginByRemember', { loginName }),
    remembered: () => send('GET', '/api/log/adminLogin/remembered'),
    forget: (loginName?: string) => send('POST', '/api/log/adminLogin/forget', loginName ? { loginName } : {}),
    /** Any other sign-in path (the second factor's step). */
    post: (url: string, payload: object) => send('POST', url, payload),
  };
}
