import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice } from './format';

describe('formatPrice', () => {
  it('writes US dollars one way: the dollar sign and US digits', () => {
    expect(formatPrice(48.5)).toBe('$48.50');
    expect(formatPrice('48.50')).toBe('$48.50');
    expect(formatPrice(1234)).toBe('$1,234');
    expect(formatPrice('1234.50')).toBe('$1,234.50');
    expect(formatPrice(1250000)).toBe('$1,250,000');
    expect(formatPrice(0)).toBe('$0');
  });

  it('shows cents when asked, or when the amount has them', () => {
    expect(formatPrice(19, { cents: true })).toBe('$19.00');
    expect(formatPrice(19.99)).toBe('$19.99');
    expect(formatPrice(19.99, { cents: false })).toBe('$20');
  });
});

describe('dates', () => {
  it('formats dates per language', () => {
    const date = new Date('2026-03-05T12:00:00Z');
    expect(formatDate(date, 'en')).toBe('Mar 5, 2026');
    expect(formatDate(date, 'zh-CN')).toBe('2026年3月5日');
  });
});
