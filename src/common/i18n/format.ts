import type { Language } from './languages';

/**
 * Intl formatters, made once per locale and options: making one costs far more than formatting with it
 * (a page of cards formats dozens of prices, and on a slow phone each new formatter was a few
 * milliseconds of the page's start).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function madeOnce<Format extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => Format,
): Format {
  const key = `${kind}\u0000${locale}\u0000${JSON.stringify(options)}`;
  let format = formatters.get(key) as Format | undefined;
  if (!format) formatters.set(key, (format = make()));
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return madeOnce('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return madeOnce('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/**
 * Every price is in US dollars, written one way in every language (docs/decisions.md): `$1,234.50`.
 * A price as every page, email and notification shows it, from its whole number of cents: the dollar
 * sign and US digits, whatever the reader's language (Spain's `1234,50 $` would read as another currency
 * to a US-based marketplace). Whole dollars without cents unless asked (`cents: true`), or unless the
 * amount has some (rounded half away from zero). The only place cents become dollars for a reader.
 *
 * Written out rather than through `Intl.NumberFormat`, with the same result (a property test compares
 * them): a page's first Intl formatter loads the locale data, a long pause on a slow phone in the middle
 * of the first render, and prices are on nearly every page.
 */
export function formatPrice(amountCents: number, options: { cents?: boolean } = {}): string {
  const showCents = options.cents ?? amountCents % 100 !== 0;
  const whole = Math.abs(amountCents);
  const cents = showCents ? Math.round(whole) : Math.round(whole / 100) * 100;
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amountCents < 0 ? '-' : '';
  return `${sign}$${dollars}${showCents ? `.${String(cents % 100).padStart(2, '0')}` : ''}`;
}

/** How each language writes a number's digits (CLDR, as Intl does for these three). */
const DIGITS: Record<Language, { group: string; decimal: string; minGroupDigits: number; percent: string }> =
  {
    en: { group: ',', decimal: '.', minGroupDigits: 4, percent: '%' },
    es: { group: '.', decimal: ',', minGroupDigits: 5, percent: '\u00a0%' },
    'zh-CN': { group: ',', decimal: '.', minGroupDigits: 4, percent: '%' },
  };

/** A whole number's digits grouped by thousands as `language` writes them ("1,234", "1234", "12.345"). */
function groupedDigits(whole: number, language: Language): string {
  const { group, minGroupDigits } = DIGITS[language];
  const digits = String(Math.abs(whole));
  const grouped = digits.length < minGroupDigits ? digits : digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return whole < 0 ? `-${grouped}` : grouped;
}

/**
 * A number as the reader's language writes it. Whole numbers (counts, on the first pages a visitor
 * opens) are written out, exactly as Intl writes them (a test compares them), so that no page needs
 * the locale data Intl loads on first use; any other number goes through Intl.
 */
export function formatNumber(value: number, language: Language): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0) && language in DIGITS)
    return groupedDigits(value, language);
  return numberFormat(language).format(value);
}

/** Basis points (a fee) as a percentage, always with one decimal: `3.5%`, `2.0%`, `3,5 %`; written out for whole tenths. */
export function formatBasisPoints(basisPoints: number, language: Language): string {
  if (Number.isSafeInteger(basisPoints) && basisPoints >= 0 && basisPoints % 10 === 0 && language in DIGITS) {
    const { decimal, percent } = DIGITS[language];
    const tenths = basisPoints / 10;
    return `${groupedDigits(Math.floor(tenths / 10), language)}${decimal}${tenths % 10}${percent}`;
  }
  return numberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(basisPoints / 10_000);
}

/** Month names as Intl's medium dates write them (Chinese uses numbers). */
const MONTHS: Record<'en' | 'es', string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

/**
 * A day as the reader's language writes it ("Mar 5, 2026", "5 mar 2026", "2026年3月5日"), in this
 * machine's time zone. The medium style (cards, listing pages) is written out, exactly as Intl writes
 * it (a test compares them), for the reason `formatNumber` gives; the long style, on a few members'
 * pages, goes through Intl.
 */
export function formatDate(
  date: Date | string,
  language: Language,
  style: 'medium' | 'long' = 'medium',
): string {
  const day = typeof date === 'string' ? new Date(date) : date;
  const [year, month, dayOfMonth] = [day.getFullYear(), day.getMonth(), day.getDate()];
  if (style === 'long' || Number.isNaN(year) || year < 1000 || year > 9999)
    return dateFormat(language, { dateStyle: style }).format(day);
  if (language === 'zh-CN') return `${year}年${month + 1}月${dayOfMonth}日`;
  if (language === 'es') return `${dayOfMonth} ${MONTHS.es[month]!} ${year}`;
  if (language === 'en') return `${MONTHS.en[month]!} ${dayOfMonth}, ${year}`;
  return dateFormat(language, { dateStyle: style }).format(day);
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
