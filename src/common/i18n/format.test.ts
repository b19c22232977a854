import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBasisPoints, formatDate, formatNumber, formatPrice } from './format';

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

  it('writes what Intl.NumberFormat writes for US dollars, for any whole number of cents', () => {
    const intl = (cents: number, showCents: boolean) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: showCents ? 2 : 0,
        maximumFractionDigits: showCents ? 2 : 0,
      }).format(cents / 100);
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }),
        fc.option(fc.boolean(), { nil: undefined }),
        (cents, asked) => {
          const showCents = asked ?? cents % 100 !== 0;
          expect(formatPrice(cents, asked === undefined ? {} : { cents: asked })).toBe(
            intl(cents, showCents),
          );
        },
      ),
      { numRuns: 2000 },
    );
    for (const cents of [0, 50, 150, 250, -50, -150, 99_999_950, -1]) {
      expect(formatPrice(cents, { cents: false })).toBe(intl(cents, false));
      expect(formatPrice(cents)).toBe(intl(cents, cents % 100 !== 0));
    }
  });
});

describe('dates', () => {
  it('formats dates per language', () => {
    const date = new Date('2026-03-05T12:00:00Z');
    expect(formatDate(date, 'en')).toBe('Mar 5, 2026');
    expect(formatDate(date, 'zh-CN')).toBe('2026年3月5日');
  });
});

describe('numbers and dates written out, as Intl writes them', () => {
  const languages = ['en', 'es', 'zh-CN'] as const;

  it('writes whole numbers as Intl.NumberFormat does in each language', () => {
    for (const language of languages) {
      const intl = new Intl.NumberFormat(language);
      fc.assert(
        fc.property(fc.oneof(fc.integer({ min: -99_999, max: 99_999 }), fc.maxSafeInteger()), (value) => {
          expect(formatNumber(value, language)).toBe(intl.format(value));
        }),
        { numRuns: 1000 },
      );
      for (const value of [0, 999, 1000, 9999, 10_000, 123_456, 1_234_567, -1000, -10_000])
        expect(formatNumber(value, language)).toBe(intl.format(value));
      // Others go through Intl.
      expect(formatNumber(1234.5, language)).toBe(intl.format(1234.5));
    }
  });

  it('writes fees in basis points as Intl writes a percentage with one decimal', () => {
    for (const language of languages) {
      const intl = new Intl.NumberFormat(language, {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });
      for (let basisPoints = 0; basisPoints <= 200_000; basisPoints += basisPoints < 2_000 ? 10 : 990)
        expect(formatBasisPoints(basisPoints, language)).toBe(intl.format(basisPoints / 10_000));
      expect(formatBasisPoints(355, language)).toBe(intl.format(0.0355));
    }
  });

  it('writes medium and long dates as Intl.DateTimeFormat does in each language', () => {
    for (const language of languages)
      for (const style of ['medium', 'long'] as const) {
        const intl = new Intl.DateTimeFormat(language, { dateStyle: style });
        fc.assert(
          fc.property(
            fc.date({ min: new Date('1970-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
            (date) => {
              expect(formatDate(date, language, style)).toBe(intl.format(date));
              expect(formatDate(date.toISOString(), language, style)).toBe(intl.format(date));
            },
          ),
          { numRuns: 500 },
        );
      }
  });
});
