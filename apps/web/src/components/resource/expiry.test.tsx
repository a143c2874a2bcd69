import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebField } from './define-web-resource';
import { ExpiryDate, addDays, calendarDate, chinaToday, expiryState } from './expiry';
import { displayValue } from './field-kinds';

describe('expiry dates', () => {
  afterEach(cleanup);

  it('counts the day in China time', () => {
    // 2026-11-26 17:00 UTC is already 27 November in Beijing.
    expect(chinaToday(new Date('2026-11-26T17:00:00.000Z'))).toBe('2026-11-27');
    expect(calendarDate('2026-12-31T16:30:00.000Z')).toBe('2027-01-01');
    expect(calendarDate('2026-12-31')).toBe('2026-12-31');
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
  });

  it('is past before today, due soon from today through 30 days, otherwise fine', () => {
    const today = '2026-11-26';
    expect(expiryState('2026-11-25', today)).toBe('past');
    expect(expiryState('2026-11-26', today)).toBe('soon');
    expect(expiryState('2026-12-26', today)).toBe('soon');
    expect(expiryState('2026-12-27', today)).toBe('ok');
  });

  it('shows orange within 30 days and red once past, saying why', () => {
    const today = chinaToday();
    const { container } = render(
      <>
        <ExpiryDate value={addDays(today, -1)} />
        <ExpiryDate value={addDays(today, 3)} />
        <ExpiryDate value={addDays(today, 90)} />
      </>,
    );
    const [past, soon, later] = [...container.querySelectorAll<HTMLElement>('.resource-expiry')];
    expect(past?.className).toContain('resource-expiry-past');
    expect(past?.textContent).toBe(`${addDays(today, -1)}（已过期）`);
    expect(soon?.className).toContain('resource-expiry-soon');
    expect(soon?.title).toBe('30 天内到期');
    expect(later?.className).toContain('resource-expiry-ok');
    expect(later?.textContent).toBe(addDays(today, 90));
  });

  it('is how the machinery shows an expiry field in tables and details', () => {
    const field = { name: 'dueDate', label: '到期日', kind: 'expiry' } as WebField<unknown>;
    const { container } = render(<>{displayValue(field, addDays(chinaToday(), -10), {})}</>);
    expect(container.querySelector('[data-expiry="past"]')).not.toBeNull();
    const empty = render(<>{displayValue(field, null, {})}</>);
    expect(empty.container.textContent).toBe('-');
  });
});
