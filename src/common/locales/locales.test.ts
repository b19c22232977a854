import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';

const root = path.dirname(new URL(import.meta.url).pathname);
const flatten = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const load = (language: string, file: string) =>
  JSON.parse(readFileSync(path.join(root, language, file), 'utf8')) as Record<string, unknown>;

describe('translations', () => {
  const namespaces = readdirSync(path.join(root, 'en')).filter((f) => f.endsWith('.json'));

  it.each(namespaces)('%s has the same keys in every language, none empty', (file) => {
    const english = flatten(load('en', file)).sort();
    for (const language of LANGUAGES) {
      const bundle = load(language, file);
      expect(flatten(bundle).sort(), `${language}/${file}`).toEqual(english);
      const empty = english.filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty, `${language}/${file} empty values`).toEqual([]);
    }
  });

  it('keeps the same {{placeholders}} in every language', () => {
    for (const file of namespaces) {
      const placeholders = (language: string) =>
        JSON.stringify(load(language, file))
          .match(/{{\s*\w+\s*}}/g)
          ?.map((p) => p.replace(/\s/g, ''))
          .sort() ?? [];
      for (const language of LANGUAGES)
        expect(placeholders(language), `${language}/${file}`).toEqual(placeholders('en'));
    }
  });
});
