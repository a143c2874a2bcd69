import { EXPIRING_WITHIN_DAYS } from '@console/contract';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

const DAY_MS = 86_400_000;

/** Where an expiry stands: past (red), within EXPIRING_WITHIN_DAYS (orange), or later. */
export function expiryTone(value: string, now = Date.now()): 'past' | 'soon' | 'later' {
  const at = Date.parse(value);
  if (at < now) return 'past';
  return at - now <= EXPIRING_WITHIN_DAYS * DAY_MS ? 'soon' : 'later';
}

/**
 * An expiry date as every screen shows it: red once past, orange within 30 days, with the state
 * in words as well (colour alone is not enough). A field's `render: renderExpiry`.
 */
export function renderExpiry(value: unknown): ReactNode {
  if (typeof value !== 'string' || !value) return <span className="resource-empty">-</span>;
  const date = dayjs(value).format('YYYY-MM-DD');
  const tone = expiryTone(value);
  if (tone === 'later') return date;
  const days = Math.ceil((Date.parse(value) - Date.now()) / DAY_MS);
  return (
    <span className={`expiry-${tone}`}>
      {date}
      {tone === 'past' ? '（已到期）' : `（${days} 天后到期）`}
    </span>
  );
}
