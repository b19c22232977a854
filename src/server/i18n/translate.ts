import { createInstance, type TFunction } from 'i18next';
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import enErrors from '@common/locales/en/errors.json';
import esErrors from '@common/locales/es/errors.json';
import zhErrors from '@common/locales/zh-CN/errors.json';
import enEmails from '@common/locales/en/emails.json';
import esEmails from '@common/locales/es/emails.json';
import zhEmails from '@common/locales/zh-CN/emails.json';

/** Server-side translations (API errors and emails), all languages loaded up front. */
const i18n = createInstance();
void i18n.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['errors', 'emails'],
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
  resources: {
    en: { errors: enErrors, emails: enEmails },
    es: { errors: esErrors, emails: esEmails },
    'zh-CN': { errors: zhErrors, emails: zhEmails },
  },
});

export function translator(language: Language): TFunction {
  return i18n.getFixedT(language);
}

export function emailTranslator(language: Language): TFunction {
  return i18n.getFixedT(language, 'emails');
}
