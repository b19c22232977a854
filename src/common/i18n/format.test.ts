import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice } from './format';

describe('formatPrice', () => {
  it('keeps US dollars and follows the language for separators', () => {
    expect(formatPrice(1234, 'en')).toBe('$1,234');
    expect(formatPrice('1234.50', 'en')).toBe('$1,234.50');
    expect(formatPrice(1234.5, 'es')).toMatch(/1234,50|1\.234,50/);
    expect(formatPrice(1234.5, 'es')).toContain('$');
    expect(formatPrice(1234, 'zh-CN')).toBe('$1,234');
  });

  it('formats dates per language', () => {
    const date = new Date('2026-03-05T12:00:00Z');
    expect(formatDate(date, 'en')).toBe('Mar 5, 2026');
    expect(formatDate(date, 'zh-CN')).toBe('2026年3月5日');
  });
});
