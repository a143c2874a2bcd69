/**
 * China's business calendar (issue 28): one zone, Asia/Shanghai, UTC+8 all year (no daylight
 * saving), so a fixed offset is exact. Business numbers (MD261202…) and every "today" (dashboards,
 * daily counts, report defaults, expiry) are dated here, whatever zone the server or browser runs in.
 */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The China calendar day at `at` (default now), `days` later: 2026-12-02. */
export function chinaDay(at: Date | number | string = Date.now(), days = 0): string {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : at;
  return new Date(ms + CHINA_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** The China calendar day as yyMMdd, the date part of business numbers (MD + 261202 + serial). */
export function chinaDayCompact(at: Date | number | string = Date.now()): string {
  return chinaDay(at).slice(2).replaceAll('-', '');
}
