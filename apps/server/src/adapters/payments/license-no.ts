// The check character of a unified social credit code (统一社会信用代码, GB 32100-2015): providers
// refuse codes whose last character does not match, so the simulator does too.
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function licenseCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const v = CHARSET.indexOf(first17[i] ?? '');
    if (v < 0) return null;
    sum += v * (WEIGHTS[i] ?? 0);
  }
  const check = (31 - (sum % 31)) % 31;
  return CHARSET[check] ?? null;
}

export function isValidLicenseNo(code: string): boolean {
  return code.length === 18 && licenseCheckChar(code.slice(0, 17)) === code[17];
}

/** A valid code from a number, for demo and scale data. */
export function makeLicenseNo(n: number): string {
  const body = `91330106${String(n % 1e9).padStart(9, '0')}`;
  return `${body}${licenseCheckChar(body) ?? '0'}`;
}
