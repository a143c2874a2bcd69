import { chinaDay } from '@console/contract';

/** Now as the ISO text the database stores. One place, so tests can reason about time. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfter(ms: number, from: Date = new Date()): string {
  return new Date(from.getTime() + ms).toISOString();
}

/** A calendar day in China, `days` from today: expiry and redeem dates (the contract's `chinaDay`). */
export function chinaDate(days = 0, from: Date = new Date()): string {
  return chinaDay(from, days);
}
