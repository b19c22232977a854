import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLANS, type Plan } from '../catalog';
import { LANGUAGES, type Language } from '../i18n/languages';
import { catalogLabels } from '../labels';

/**
 * One name per plan in each language (docs/decisions.md, "One name per plan"): the English names in
 * English and Spanish, 青铜 / 黄金 / 白金 in Chinese. Every page, email and notification takes the name
 * from `catalog.plans` of the `common` locale; the sentences that name a plan write the same word.
 */
const CHOSEN: Record<Language, Record<Plan, string>> = {
  en: { bronze: 'Bronze', gold: 'Gold', platinum: 'Platinum' },
  es: { bronze: 'Bronze', gold: 'Gold', platinum: 'Platinum' },
  'zh-CN': { bronze: '青铜', gold: '黄金', platinum: '白金' },
};

/** The ways a plan could be written in any of the three languages; only a language's chosen one may be. */
const FORMS: Record<Plan, RegExp[]> = {
  bronze: [/\bBronze\b/, /\bBronce\b/i, /青铜/, /铜牌/, /铜卡/],
  gold: [/\bGold\b/, /\bOro\b/i, /黄金/, /金卡/, /金级/],
  platinum: [/\bPlatinum\b/, /\bPlatino\b/i, /白金/, /铂金/],
};

const root = path.dirname(new URL(import.meta.url).pathname);
const namespaces = readdirSync(path.join(root, 'en')).filter((file) => file.endsWith('.json'));
const load = (language: string, file: string): unknown =>
  JSON.parse(readFileSync(path.join(root, language, file), 'utf8'));

/** Every string of a bundle with its key (values only: a key such as `moreWithPlatinum` is no text). */
function strings(value: unknown, key = ''): [key: string, text: string][] {
  if (typeof value === 'string') return [[key, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, key ? `${key}.${k}` : k));
  return [];
}

/** Where a language's bundles (by file name) write a plan other than by the language's chosen name. */
function otherNames(language: Language, bundles: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const [file, bundle] of Object.entries(bundles))
    for (const [key, text] of strings(bundle))
      for (const plan of PLANS)
        for (const form of FORMS[plan]) {
          if (form.test(CHOSEN[language][plan])) continue;
          const match = form.exec(text);
          if (match) found.push(`${file} ${key}: ${match[0]}`);
        }
  return found;
}

describe('plan names', () => {
  it.each(LANGUAGES)('%s names each plan as the common locale does, three different names', (language) => {
    const common = load(language, 'common.json');
    const text = (key: string) =>
      String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], common));
    const names = PLANS.map((plan) => catalogLabels.plan(plan, text));
    expect(names).toEqual(PLANS.map((plan) => CHOSEN[language][plan]));
    expect(new Set(names).size).toBe(PLANS.length);
  });

  it.each(LANGUAGES)('%s writes no plan under another name in any locale file', (language) => {
    const bundles = Object.fromEntries(namespaces.map((file) => [file, load(language, file)]));
    expect(otherNames(language, bundles)).toEqual([]);
  });

  it('finds the names of another language in a mixed file', () => {
    // The Chinese billing and guide text before it was fixed: "切换到Bronze", and Gold beside 黄金.
    const mixed = {
      downgrade: '切换到Bronze',
      boost: { upgrade: '升级黄金或白金套餐即可推广此商品' },
      ai: 'AI 发布助手仅限 Gold 和 Platinum 套餐使用。',
    };
    expect(otherNames('zh-CN', { 'billing.json': mixed })).toEqual([
      'billing.json downgrade: Bronze',
      'billing.json ai: Gold',
      'billing.json ai: Platinum',
    ]);
    expect(otherNames('es', { 'billing.json': { plan: 'Plan Oro', upgrade: 'Mejorar a Platinum' } })).toEqual(
      ['billing.json plan: Oro'],
    );
    expect(otherNames('en', { 'billing.json': { plan: 'Your plan: Gold' } })).toEqual([]);
  });
});
