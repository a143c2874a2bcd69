import { describe, expect, it } from 'vitest';
import { chinaDay, chinaDayCompact } from './china-time.js';

// 00:30 on 2 December in Beijing is still 1 December in UTC.
const halfPastMidnightInChina = '2026-12-01T16:30:00.000Z';

describe('China calendar days', () => {
  it('dates 00:30 China time by the China day, not the UTC one', () => {
    expect(chinaDay(halfPastMidnightInChina)).toBe('2026-12-02');
    expect(chinaDay(new Date(halfPastMidnightInChina))).toBe('2026-12-02');
    expect(chinaDayCompact(Date.parse(halfPastMidnightInChina))).toBe('261202');
  });

  it('turns at midnight China time and counts days from there', () => {
    expect(chinaDay('2026-12-01T15:59:59.999Z')).toBe('2026-12-01');
    expect(chinaDay('2026-12-01T16:00:00.000Z')).toBe('2026-12-02');
    expect(chinaDay(halfPastMidnightInChina, 30)).toBe('2027-01-01');
    expect(chinaDay(halfPastMidnightInChina, -1)).toBe('2026-12-01');
  });
});
