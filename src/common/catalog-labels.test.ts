import { describe, expect, it } from 'vitest';
import { CATEGORIES, CONDITIONS, MAKES } from './catalog';
import { LANGUAGES, type Language } from './i18n/languages';
import { catalogLabels } from './labels';
import en from './locales/en/common.json';
import es from './locales/es/common.json';
import zh from './locales/zh-CN/common.json';

const bundles: Record<Language, unknown> = { en, es, 'zh-CN': zh };

/** A `common` key's text in a language, as i18next finds it; a missing key gives the key back. */
function textIn(language: Language) {
  return (key: string): string => {
    const found = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        bundles[language],
      );
    return typeof found === 'string' ? found : key;
  };
}

describe('catalogLabels', () => {
  const english = textIn('en');

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'gives every category and condition, "Other" and "Universal" a %s label that is not the English one',
    (language) => {
      const text = textIn(language);
      for (const category of CATEGORIES) {
        const label = catalogLabels.category(category, text);
        expect(label).not.toMatch(/^catalog\./);
        // "Interior" and "Exterior" are the same word in Spanish.
        if (language !== 'es' || !['interior', 'exterior'].includes(category))
          expect(label, category).not.toBe(catalogLabels.category(category, english));
      }
      for (const condition of CONDITIONS) {
        const label = catalogLabels.condition(condition, text);
        expect(label).not.toMatch(/^catalog\./);
        expect(label, condition).not.toBe(catalogLabels.condition(condition, english));
      }
      expect(catalogLabels.make('Other', text)).not.toBe(catalogLabels.make('Other', english));
      expect(catalogLabels.make('Other', text)).not.toMatch(/^catalog\.|Other/);
      expect(catalogLabels.model('Universal', text)).not.toMatch(/^catalog\./);
    },
  );

  it('translates the catalogue words and leaves brands and typed models as they are', () => {
    expect(catalogLabels.make('Other', english)).toBe('Other make');
    expect(catalogLabels.make('Other', textIn('es'))).toBe('Otra marca');
    expect(catalogLabels.make('Other', textIn('zh-CN'))).toBe('其他品牌');
    expect(catalogLabels.model(' universal ', textIn('zh-CN'))).toBe('通用');
    expect(catalogLabels.category('exhaust', textIn('es'))).toBe('Escape');
    expect(catalogLabels.condition('like_new', textIn('zh-CN'))).toBe('几乎全新');
    for (const make of MAKES.filter((make) => make !== 'Other'))
      expect(catalogLabels.make(make, textIn('zh-CN'))).toBe(make);
    expect(catalogLabels.model('Silvia S15', textIn('es'))).toBe('Silvia S15');
  });
});
