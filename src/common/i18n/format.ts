import type { Language } from './languages';

/** Prices are always US dollars; only the formatting follows the language. */
export function formatPrice(
  amount: number | string,
  language: Language,
  options: { cents?: boolean } = {},
): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const showCents = options.cents ?? !Number.isInteger(value);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: showCents ? 2 : 0,
    maximumFractionDigits: showCents ? 2 : 0,
  }).format(value);
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
