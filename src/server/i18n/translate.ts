import { createInstance, type TFunction } from 'i18next';
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import enErrors from '@common/locales/en/errors.json';
import esErrors from '@common/locales/es/errors.json';
import zhErrors from '@common/locales/zh-CN/errors.json';
import enEmails from '@common/locales/en/emails.json';
import esEmails from '@common/locales/es/emails.json';
import zhEmails from '@common/locales/zh-CN/emails.json';
import enAi from '@common/locales/en/ai.json';
import esAi from '@common/locales/es/ai.json';
import zhAi from '@common/locales/zh-CN/ai.json';
import enCommon from '@common/locales/en/common.json';
import esCommon from '@common/locales/es/common.json';
import zhCommon from '@common/locales/zh-CN/common.json';

/** Server-side translations (API errors and emails), all languages loaded up front. */
const i18n = createInstance();
void i18n.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['errors', 'emails', 'ai', 'common'],
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
  resources: {
    en: { errors: enErrors, emails: enEmails, ai: enAi, common: enCommon },
    es: { errors: esErrors, emails: esEmails, ai: esAi, common: esCommon },
    'zh-CN': { errors: zhErrors, emails: zhEmails, ai: zhAi, common: zhCommon },
  },
});

export function translator(language: Language): TFunction {
  return i18n.getFixedT(language);
}

export function emailTranslator(language: Language): TFunction {
  return i18n.getFixedT(language, 'emails');
}

export function namespaceTranslator(language: Language, namespace: 'ai' | 'common'): TFunction {
  return i18n.getFixedT(language, namespace);
}
