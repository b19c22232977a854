import i18n, { type BackendModule, type ReadCallback, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_COOKIE,
  isLanguage,
  languageFromAcceptLanguage,
  type Language,
} from '@common/i18n/languages';

// Each language and namespace is its own chunk: a visitor downloads only the language they read.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('/src/common/locales/*/*.json');

const lazyBundles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = bundles[`/src/common/locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Where an earlier version kept the choice; read once so that nobody's choice is lost. */
const LEGACY_STORAGE_KEY = 'modmarket.language';

function cookieLanguage(): Language | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE.replace('.', '\\.')}=([^;]*)`).exec(document.cookie);
  const value = match ? decodeURIComponent(match[1] ?? '') : undefined;
  return isLanguage(value) ? value : undefined;
}

function legacyLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(LEGACY_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language this browser chose (a cookie, so that the server renders pages in it), or undefined
 * when it never chose one.
 */
export function storedLanguage(): Language | undefined {
  return cookieLanguage() ?? legacyLanguage();
}

/** Remembers the choice for a year; the server reads it to render pages in the reader's language. */
function rememberLanguage(language: Language): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** Switches the language, remembers it in this browser and sets `<html lang>`. */
export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
}

const sharedOptions = {
  // No fallback bundle: a Spanish reader downloads Spanish only. A unit test keeps every key in every language.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
} as const;

/**
 * The browser's translations: the language the server rendered the page in (with the bundles it
 * used, so nothing is fetched before the page comes alive), else the remembered choice, else the
 * browser's own languages. Other namespaces load with the pages that need them. Gives the reader's
 * own choice when the page was rendered in another language (a choice from before the cookie), for
 * the app to switch to once the page is alive.
 */
export async function initI18n(rendered?: {
  language: Language;
  resources: Resource;
}): Promise<Language | undefined> {
  const chosen = storedLanguage();
  const language = rendered?.language ?? chosen ?? languageFromAcceptLanguage(navigator.languages.join(','));
  await i18n
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      ...sharedOptions,
      lng: language,
      ...(rendered ? { resources: rendered.resources, partialBundledLanguages: true } : {}),
    });
  document.documentElement.lang = currentLanguage();
  i18n.on('languageChanged', (next) => {
    document.documentElement.lang = next;
  });
  // A choice kept the old way moves into the cookie the server reads.
  if (chosen && !cookieLanguage()) rememberLanguage(chosen);
  return chosen && chosen !== language ? chosen : undefined;
}

/** The server's translations: every language and namespace in memory, one instance per request's language. */
export async function initServerI18n(resources: Resource): Promise<void> {
  await i18n.use(initReactI18next).init({
    ...sharedOptions,
    lng: DEFAULT_LANGUAGE,
    resources,
    ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
    initAsync: false,
  });
}

export { i18n };
