import { randomInt } from 'node:crypto';

// Codes avoid look-alike characters (0/O, 1/I/L) so they can be read out on the phone.
const CODE_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A free auth code: three groups of four (ABCD-EFGH-JKMN). `pick(n)` draws an index below n:
 * cryptographic for issued codes, the seeded RNG for the demo data (repeatable).
 */
export function freeAuthCodeText(pick: (n: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < 12; i += 1) code += CODE_CHARS[pick(CODE_CHARS.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}
