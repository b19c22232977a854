import { z } from 'zod';

/**
 * An amount of US dollars as typed ("1,250", "$48.50" or a number), in cents' precision: required,
 * from 0 (or `min`) to ten million.
 */
export const money = (min = 0) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    const number = typeof value === 'string' ? Number(value.replace(/[$,\s]/g, '')) : value;
    if (value === '' || !Number.isFinite(number) || number < min || number > 10_000_000) {
      ctx.addIssue({
        code: 'custom',
        message: value === '' ? 'validation.required' : 'validation.priceInvalid',
      });
      return z.NEVER;
    }
    return Math.round(number * 100) / 100;
  });
