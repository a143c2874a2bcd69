// Readable once over the phone: no look-alike characters (0/O, 1/l/I), always letters and digits.
const LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz';
const DIGITS = '23456789';

function pick(from: string, random: number): string {
  return from[random % from.length]!;
}

/** A 12-character password that meets the platform policy (letters and digits), from the browser's CSPRNG. */
export function generatePassword(): string {
  const random = crypto.getRandomValues(new Uint32Array(14));
  const chars = [pick(LETTERS, random[0]!), pick(DIGITS, random[1]!)];
  for (let i = 2; i < 12; i += 1) chars.push(pick(LETTERS + DIGITS, random[i]!));
  // Move the guaranteed letter and digit to random places.
  const swap = (a: number, b: number) => ([chars[a], chars[b]] = [chars[b]!, chars[a]!]);
  swap(0, random[12]! % 12);
  swap(1, random[13]! % 12);
  return chars.join('');
}
