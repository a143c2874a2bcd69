import { describe, expect, it } from 'vitest';
import { formatFen, formatYuan } from './money';

describe('money', () => {
  it('writes fen as yuan with two decimals and separators', () => {
    expect(formatFen(123456)).toBe('1,234.56');
    expect(formatFen(0)).toBe('0.00');
  });

  it('puts the minus sign before the currency mark', () => {
    expect(formatYuan(2908000)).toBe('¥29,080.00');
    expect(formatYuan(-2908000)).toBe('-¥29,080.00');
    expect(formatYuan(-5)).toBe('-¥0.05');
  });
});
