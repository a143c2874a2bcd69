import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type SvgCaptcha from 'svg-captcha';
import type { Database } from '../../db/types.js';
import { isoAfter, nowIso } from '../../lib/clock.js';

const TTL_MS = 5 * 60_000;

// Loaded on the first captcha (its fonts cost ~10 MB that most processes never need).
let generator: Promise<typeof SvgCaptcha> | undefined;

/** The stored form of an answer: bound to its captcha id, case-insensitive. */
export function captchaAnswerHash(captchaId: string, answer: string): string {
  return createHash('sha256').update(`${captchaId}:${answer.trim().toLowerCase()}`).digest('hex');
}

/** A new image captcha; only the hash of its answer is kept. Expired rows are swept on the way. */
export async function issueCaptcha(db: Kysely<Database>): Promise<{ captchaId: string; image: string }> {
  const svgCaptcha = await (generator ??= import('svg-captcha').then((m) => m.default));
  // Drawn at the size the sign-in page shows it (150×48, nothing cropped), in dark grey letters
  // (svg-captcha's random colours came out pale) with two lighter noise lines; the page gives it
  // a light background.
  const { data, text } = svgCaptcha.create({
    size: 4,
    noise: 2,
    width: 150,
    height: 48,
    fontSize: 52,
    color: false,
    ignoreChars: '0oO1iIlL',
  });
  const captchaId = randomUUID();
  await db.deleteFrom('captcha').where('expiresAt', '<', nowIso()).execute();
  await db
    .insertInto('captcha')
    .values({ id: captchaId, answerHash: captchaAnswerHash(captchaId, text), expiresAt: isoAfter(TTL_MS) })
    .execute();
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/**
 * Spends a captcha: true only for a live, unused captcha with the right answer. Any attempt
 * uses it up, right or wrong, so one image cannot be guessed at repeatedly.
 */
export async function consumeCaptcha(db: Kysely<Database>, captchaId: string, answer: string): Promise<boolean> {
  const now = nowIso();
  const row = await db
    .updateTable('captcha')
    .set({ usedAt: now })
    .where('id', '=', captchaId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('answerHash')
    .executeTakeFirst();
  return row !== undefined && row.answerHash === captchaAnswerHash(captchaId, answer);
}
