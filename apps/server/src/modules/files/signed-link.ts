import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_LINK_MINUTES } from '@console/contract';

/** What a signed link adds to `/files/<name>`: when it stops working, and the proof we made it. */
export interface LinkParams {
  /** Unix seconds. */
  exp: string;
  sig: string;
}

function signatureOf(secret: Buffer, key: string, exp: string): Buffer {
  return createHmac('sha256', secret).update(`${key}\n${exp}`).digest();
}

/** A link to one file that works for FILE_LINK_MINUTES from `now`, for anyone holding it. */
export function signLink(secret: Buffer, key: string, now = Date.now()): LinkParams & { expiresAt: Date } {
  const expiresAt = new Date(Math.floor(now / 1000) * 1000 + FILE_LINK_MINUTES * 60_000);
  const exp = String(expiresAt.getTime() / 1000);
  return { exp, sig: signatureOf(secret, key, exp).toString('base64url'), expiresAt };
}

/** Whether `exp` and `sig` are ours for this file and not yet past; any malformed part is a no. */
export function linkIsValid(secret: Buffer, key: string, params: Partial<LinkParams>, now = Date.now()): boolean {
  const { exp, sig } = params;
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  if (Number(exp) * 1000 <= now) return false;
  const given = Buffer.from(sig, 'base64url');
  const expected = signatureOf(secret, key, exp);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
