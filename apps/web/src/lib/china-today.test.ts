import { describe, expect, it } from 'vitest';
import { presetRange } from '../components/report/report-range';
import { chinaTodayDayjs } from './china-today';

// 00:30 on 2 December in Beijing is still 1 December in UTC (and in this test's zone, if UTC).
const halfPastMidnightInChina = new Date('2026-12-01T16:30:00.000Z');

describe('today in the console', () => {
  it('is the China calendar day at 00:30 China time', () => {
    expect(chinaTodayDayjs(halfPastMidnightInChina).format('YYYY-MM-DD')).toBe('2026-12-02');
  });

  it('starts report presets from the China day: 本月 at 00:30 on 1 January is January', () => {
    const newYear = chinaTodayDayjs(new Date('2026-12-31T16:30:00.000Z'));
    expect(presetRange('本月', newYear)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(presetRange('今年', newYear)).toEqual({ from: '2027-01-01', to: '2027-12-31' });
  });
});
