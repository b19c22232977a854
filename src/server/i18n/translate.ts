import { createInstance, type TFunction } from 'i18next';
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import enErrors from '@common/locales/en/errors.json';
import esErrors from '@common/locales/es/errors.json';
import zhErrors from '@common/locales/zh-CN/errors.json';

/** Server-side translations (API errors now, emails later), all languages loaded up front. */
const i18n = createInstance();
void i18n.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['errors'],
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
  resources: {
    en: { errors: enErrors },
    es: { errors: esErrors },
    'zh-CN': { errors: zhErrors },
  },
});

export function translator(language: Language): TFunction {
  return i18n.getFixedT(language);
}
