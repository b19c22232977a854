import { clip } from '@common/text';
import { z } from 'zod';
import { CATEGORIES, CONDITIONS } from '@common/catalog';
import { catalogLabels, yearRange } from '@common/labels';
import type { Language } from '@common/i18n/languages';
import { namespaceTranslator } from '../../i18n/translate';

/** The most a draft request's body may hold: its fields are short, and nothing else is taken. */
export const AI_DRAFT_MAX_BODY_BYTES = 2048;

/**
 * What a draft is written from: the form's short fields only (no free text, no photos), each bounded,
 * so what goes to the AI endpoint for one request is bounded too.
 */
export const AiDraftRequestSchema = z
  .object({
    category: z.enum(CATEGORIES),
    condition: z.enum(CONDITIONS).optional(),
    make: z.string().trim().min(1).max(50),
    model: z.string().trim().min(1).max(80),
    yearStart: z.coerce.number().int().min(1900).max(2100).optional(),
    yearEnd: z.coerce.number().int().min(1900).max(2100).optional(),
    partBrand: z.string().trim().max(80).optional(),
    partId: z.string().trim().max(80).optional(),
  })
  .meta({ id: 'AiDraftRequest' });
export type AiDraftRequest = z.output<typeof AiDraftRequestSchema>;

/**
 * What similar unsold listings ask: the 25th to 75th percentile of their prices, in cents rounded to
 * whole dollars.
 */
export const PriceRangeSchema = z
  .object({ lowCents: z.number().int(), highCents: z.number().int(), basedOn: z.number().int() })
  .meta({ id: 'PriceRange' });
export type PriceRange = z.output<typeof PriceRangeSchema>;

export const AiDraftSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    /** Advanced (Platinum) drafts only: 3 to 5 short selling points. */
    highlights: z.array(z.string()).optional(),
    /** Platinum only, and only when at least 3 similar listings are for sale. */
    priceRange: PriceRangeSchema.nullable(),
    /** Who wrote the text: the offline writer or the AI endpoint. */
    source: z.enum(['offline', 'advanced']),
    /**
     * Why a Platinum member got the offline text: the endpoint is not set up or did not answer usably
     * (`fallback`), or today's allowance of advanced drafts is used up (`limit`).
     */
    notice: z.enum(['fallback', 'limit']).nullable(),
  })
  .meta({ id: 'AiDraft' });
export type AiDraft = z.output<typeof AiDraftSchema>;

/**
 * Writes a listing title and description from the form's structured fields, offline, in the member's
 * language. Deterministic: the same fields give the same text, and nothing leaves the server.
 */
export function writeListingDraft(
  input: AiDraftRequest,
  language: Language,
): { title: string; description: string } {
  const t = namespaceTranslator(language, 'ai');
  const common = namespaceTranslator(language, 'common');
  const text = (key: string) => common(key);
  const category = catalogLabels.category(input.category, text);
  const make = catalogLabels.make(input.make, text);
  const model = catalogLabels.model(input.model, text);
  const years = yearRange(input.yearStart ?? null, input.yearEnd ?? null);
  const brand = input.partBrand && input.partBrand !== 'Other' ? input.partBrand : '';
  const title = clip(
    t('title', {
      brand: brand ? `${brand} ` : '',
      category,
      make,
      model,
      years: years ? t('yearsInTitle', { years }) : '',
    })
      .replace(/\s+/g, ' ')
      .trim(),
    120,
  );
  const sentences = [
    t('intro', {
      category,
      make,
      model,
      years: years ? t('yearsInText', { years }) : '',
    }),
    input.condition ? t(`condition.${input.condition}`) : null,
    brand ? t('brand', { brand }) : null,
    input.partId ? t('partId', { partId: input.partId }) : null,
    t('closing'),
  ].filter(Boolean);
  return { title, description: sentences.join(language === 'zh-CN' ? '' : ' ') };
}
