import type { Language } from './languages';

/** Every price is in US dollars, written one way in every language (docs/decisions.md): `$1,234.50`. */
const PRICE_LOCALE = 'en-US';

/**
 * A price as every page, email and notification shows it, from its whole number of cents: the dollar
 * sign and US digits, whatever the reader's language (Spain's `1234,50 $` would read as another currency
 * to a US-based marketplace). Whole dollars without cents unless asked (`cents: true`), or unless the
 * amount has some. The only place cents become dollars for a reader.
 */
export function formatPrice(amountCents: number, options: { cents?: boolean } = {}): string {
  const showCents = options.cents ?? amountCents % 100 !== 0;
  return new Intl.NumberFormat(PRICE_LOCALE, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: showCents ? 2 : 0,
    maximumFractionDigits: showCents ? 2 : 0,
  }).format(amountCents / 100);
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(language).format(value);
}

export function formatDate(
  date: Date | string,
  language: Language,
  style: 'medium' | 'long' = 'medium',
): string {
  return new Intl.DateTimeFormat(language, { dateStyle: style }).format(
    typeof date === 'string' ? new Date(date) : date,
  );
}

/** A day and a time of day, as a member reads them in their language. */
export function formatDateTime(date: Date | string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    typeof date === 'string' ? new Date(date) : date,
  );
}

export function formatPercent(value: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}
