import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice } from './format';

describe('formatPrice', () => {
  it('writes cents as US dollars one way: the dollar sign and US digits', () => {
    expect(formatPrice(4850)).toBe('$48.50');
    expect(formatPrice(123400)).toBe('$1,234');
    expect(formatPrice(123450)).toBe('$1,234.50');
    expect(formatPrice(125000000)).toBe('$1,250,000');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(10)).toBe('$0.10');
  });

  it('shows cents when asked, or when the amount has them', () => {
    expect(formatPrice(1900, { cents: true })).toBe('$19.00');
    expect(formatPrice(1999)).toBe('$19.99');
    expect(formatPrice(1999, { cents: false })).toBe('$20');
  });
});

describe('dates', () => {
  it('formats dates per language', () => {
    const date = new Date('2026-03-05T12:00:00Z');
    expect(formatDate(date, 'en')).toBe('Mar 5, 2026');
    expect(formatDate(date, 'zh-CN')).toBe('2026年3月5日');
  });
});
