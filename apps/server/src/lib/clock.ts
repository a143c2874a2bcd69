/** Now as the ISO text the database stores. One place, so tests can reason about time. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfter(ms: number, from: Date = new Date()): string {
  return new Date(from.getTime() + ms).toISOString();
}

/** A calendar day in China (UTC+8, no daylight saving), `days` from today: expiry and redeem dates. */
export function chinaDate(days = 0, from: Date = new Date()): string {
  return new Date(from.getTime() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
