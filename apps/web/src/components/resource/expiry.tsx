import { EXPIRING_WITHIN_DAYS, chinaDay } from '@console/contract';

/** Where a date stands against today: past, within the warning window, or later. */
export type ExpiryState = 'past' | 'soon' | 'ok';

const DAY_MS = 24 * 3600_000;

/** Today's calendar date in China time, e.g. 2026-11-26: the operators' day, as the server counts it. */
export function chinaToday(now: Date = new Date()): string {
  return chinaDay(now);
}

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The China-time calendar date of a date (kept) or an instant (converted). */
export function calendarDate(value: string): string {
  return value.length === 10 ? value : chinaToday(new Date(value));
}

/**
 * Past dates are expired; dates from today through today + 30 days are due soon (the window
 * of the 店主账号/门店员工 statistics' 即将到期, so a card and its rows agree).
 */
export function expiryState(value: string, today: string = chinaToday()): ExpiryState {
  const date = calendarDate(value);
  if (date < today) return 'past';
  return date <= addDays(today, EXPIRING_WITHIN_DAYS) ? 'soon' : 'ok';
}

const hints: Record<ExpiryState, string | undefined> = {
  past: '已过期',
  soon: `${EXPIRING_WITHIN_DAYS} 天内到期`,
  ok: undefined,
};

/** An expiry date: orange within 30 days, red once past, with the reason in its tooltip and for screen readers. */
export function ExpiryDate({ value, today }: { value: string; today?: string }) {
  const state = expiryState(value, today);
  const hint = hints[state];
  return (
    <span className={`resource-expiry resource-expiry-${state}`} title={hint} data-expiry={state}>
      {calendarDate(value)}
      {hint && <span className="resource-visually-hidden">（{hint}）</span>}
    </span>
  );
}
