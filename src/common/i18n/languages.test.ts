import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, matchLanguage } from './languages';

describe('languages', () => {
  it('matches regional tags to the supported languages', () => {
    expect(matchLanguage('es-MX')).toBe('es');
    expect(matchLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLanguage('en-GB')).toBe('en');
    expect(matchLanguage('fr')).toBeUndefined();
  });

  it('reads Accept-Language in order of preference', () => {
    expect(languageFromAcceptLanguage('fr-FR, es;q=0.8, en;q=0.5')).toBe('es');
    expect(languageFromAcceptLanguage('en;q=0.2, zh-CN;q=0.9')).toBe('zh-CN');
    expect(languageFromAcceptLanguage('de')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });
});
