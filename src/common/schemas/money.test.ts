import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../i18n/format';
import { MAX_CENTS, centsToTyped, dollarsInput, optionalDollarsInput, parseDollars } from './money';

describe('parseDollars', () => {
  it('reads what a person types in a price field as exact cents', () => {
    expect(parseDollars('1,299.5')).toBe(129950);
    expect(parseDollars('1299')).toBe(129900);
    expect(parseDollars('$48.50')).toBe(4850);
    expect(parseDollars(' 19.99 ')).toBe(1999);
    expect(parseDollars('0.1')).toBe(10);
    expect(parseDollars('.5')).toBe(50);
    expect(parseDollars('1234567.89')).toBe(123456789);
    // 0.29 * 100 is 28.999999999999996 as a float: read as digits it is 29 cents.
    expect(parseDollars('0.29')).toBe(29);
    expect(parseDollars('10,000,000')).toBe(MAX_CENTS);
  });

  it('refuses what is not an amount of dollars', () => {
    for (const typed of ['', ' ', '.', 'abc', '12.345', '1,29', '-5', '1e3', '12..5', '$', '10,000,000.01'])
      expect(parseDollars(typed), typed).toBeNull();
  });

  it('reads back every amount as the formatter and the form write it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (value) => {
        expect(parseDollars(formatPrice(value, { cents: true }))).toBe(value);
        expect(parseDollars(formatPrice(value).replace(/^\$/, ''))).toBe(value);
        expect(parseDollars(centsToTyped(value))).toBe(value);
      }),
    );
  });

  it('reads any whole number of dollars and cents typed with a point exactly', () => {
    fc.assert(
      fc.property(fc.nat(9_999_999), fc.nat(99), (dollars, rest) => {
        const typed = `${dollars}.${String(rest).padStart(2, '0')}`;
        expect(parseDollars(typed)).toBe(dollars * 100 + rest);
      }),
    );
  });
});

describe('price fields of a form', () => {
  it('turn typed dollars into cents, with the translated keys for bad input', () => {
    expect(dollarsInput().parse('1,299.5')).toBe(129950);
    expect(dollarsInput(1).safeParse('0').error?.issues[0]?.message).toBe('validation.priceInvalid');
    expect(dollarsInput().safeParse('').error?.issues[0]?.message).toBe('validation.required');
    expect(dollarsInput().safeParse('12.345').error?.issues[0]?.message).toBe('validation.priceInvalid');
    expect(optionalDollarsInput().parse('')).toBeUndefined();
    expect(optionalDollarsInput().parse('75')).toBe(7500);
  });
});
