import { z } from 'zod';

/**
 * Money is a whole number of US cents everywhere: in the database, the API and the client's state
 * (docs/decisions.md, "Money in cents"). Dollars exist only where a person reads them (`formatPrice`)
 * or types them (`parseDollars`).
 */
export const MAX_CENTS = 1_000_000_000;

/** An amount of cents in a request or a response: from `min` (default 0) to ten million dollars. */
export const cents = (min = 0) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.priceInvalid'),
    })
    .int('validation.priceInvalid')
    .min(min, 'validation.priceInvalid')
    .max(MAX_CENTS, 'validation.priceInvalid');

/** An amount of cents a request may leave out, or send as null: then undefined. */
export const optionalCents = () =>
  cents()
    .nullish()
    .transform((value) => value ?? undefined);

/**
 * What a person typed in a price field, as cents, or null when it is not an amount of dollars: "1,299.5",
 * "$1299", " 48.50 ", ".5". Digits are read as text, never multiplied as a float, so every typed amount
 * becomes exactly its cents. Commas group thousands; at most two digits after the point; up to
 * ten million dollars.
 */
export function parseDollars(typed: string): number | null {
  const text = typed.trim().replace(/^\$\s*/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match || text === '' || text === '.') return null;
  const whole = (match[1] ?? '').replace(/,/g, '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (whole === '' && match[2] === undefined) return null;
  const value = Number(whole || '0') * 100 + Number(fraction);
  return value <= MAX_CENTS ? value : null;
}

/** A typed price as cents, for a form: required, at least `min` cents. */
export const dollarsInput = (min = 0) =>
  z.string().transform((typed, ctx) => {
    const value = parseDollars(typed);
    if (value === null || value < min) {
      ctx.addIssue({
        code: 'custom',
        message: typed.trim() === '' ? 'validation.required' : 'validation.priceInvalid',
      });
      return z.NEVER;
    }
    return value;
  });

/** A typed price a form may leave empty (undefined), as cents. */
export const optionalDollarsInput = () =>
  z
    .string()
    .optional()
    .transform((typed, ctx) => {
      if (typed === undefined || typed.trim() === '') return undefined;
      const value = parseDollars(typed);
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: 'validation.priceInvalid' });
        return z.NEVER;
      }
      return value;
    });

/** Cents as a person types them back into a price field: "1299.50", "1299". */
export function centsToTyped(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const whole = Math.floor(value / 100);
  const rest = value % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** Cents as a decimal amount of dollars with two places ("650.00"), for machine readers (structured data). */
export function decimalDollars(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}
