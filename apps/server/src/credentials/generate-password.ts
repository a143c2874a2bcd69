import { randomInt } from 'node:crypto';

// Readable once over the phone: no look-alike characters, always letters and digits.
const LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz';
const DIGITS = '23456789';

/**
 * A password meeting the platform policy, for a new or reset account (answered once). 12 characters by
 * default; an approved provider's SMS and the first `admin` have always carried 14.
 */
export function generatePassword(length = 12): string {
  const all = LETTERS + DIGITS;
  const chars = [LETTERS[randomInt(LETTERS.length)], DIGITS[randomInt(DIGITS.length)]];
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
