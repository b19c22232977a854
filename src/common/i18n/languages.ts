export const LANGUAGES = ['en', 'es', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, for the selector. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  'zh-CN': '中文 (简体)',
};

/** The cookie that keeps the chosen language, so the server renders pages in it. */
export const LANGUAGE_COOKIE = 'modmarket.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The best supported language for a tag such as `es-MX` or `zh-Hans-CN`, if any. */
export function matchLanguage(tag: string): Language | undefined {
  const lower = tag.trim().toLowerCase();
  if (!lower) return undefined;
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('es')) return 'es';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

/** A stored or sent language, or the default one when it is missing or not ours. */
export function languageOrDefault(value: string | null | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** Picks the language from an Accept-Language header, honouring its order and q-values. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, position) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, position };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  for (const entry of ranked) {
    const match = matchLanguage(entry.tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
