import type { Language } from './languages';

/** Every price is in US dollars, written one way in every language (docs/decisions.md): `$1,234.50`. */
const PRICE_LOCALE = 'en-US';

/**
 * Intl formatters, made once per locale and options: making one costs far more than formatting with it
 * (a page of cards formats dozens of prices, and on a slow phone each new formatter was a few
 * milliseconds of the page's start).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/**
 * A price as every page, email and notification shows it, from its whole number of cents: the dollar
 * sign and US digits, whatever the reader's language (Spain's `1234,50 $` would read as another currency
 * to a US-based marketplace). Whole dollars without cents unless asked (`cents: true`), or unless the
 * amount has some. The only place cents become dollars for a reader.
 */
export function formatPrice(amountCents: number, options: { cents?: boolean } = {}): string {
  const showCents = options.cents ?? amountCents % 100 !== 0;
  return numberFormat(PRICE_LOCALE, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: showCents ? 2 : 0,
    maximumFractionDigits: showCents ? 2 : 0,
  }).format(amountCents / 100);
}

export function formatNumber(value: number, language: Language): string {
  return numberFormat(language).format(value);
}

export function formatDate(
  date: Date | string,
  language: Language,
  style: 'medium' | 'long' = 'medium',
): string {
  return dateFormat(language, { dateStyle: style }).format(typeof date === 'string' ? new Date(date) : date);
}

/** A day and a time of day, as a member reads them in their language. */
export function formatDateTime(date: Date | string, language: Language): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    typeof date === 'string' ? new Date(date) : date,
  );
}

export function formatPercent(value: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}
