import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Check, Plus, Sparkles, Tag } from 'lucide-react';
import { PLANS, PLAN_DETAILS } from '@common/catalog';
import { formatPrice } from '@common/i18n/format';
import { centsToTyped } from '@common/schemas/money';
import { paths } from '@common/routes';
import { toast } from '@client/lib/toast';
import { errorMessage } from '@client/lib/error-message';
import { useLanguage } from '@client/lib/use-language';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/field';
import { useSession } from '@client/features/session';
import { useAiDraft } from './api';
import type { ListingFormApi } from './listing-form-section';

/** What a draft brings besides its title and description (Platinum's advanced writer). */
export interface AiExtras {
  highlights?: string[] | undefined;
  priceRange: { lowCents: number; highCents: number; basedOn: number } | null;
  notice: 'fallback' | 'limit' | null;
}

/** The middle of a suggested range, in cents of whole dollars (what "Use $X" puts in the price field). */
export function midpointOf(range: { lowCents: number; highCents: number }): number {
  return Math.round((range.lowCents + range.highCents) / 200) * 100;
}

/**
 * Under "Write with AI" after a draft: why the basic writer answered (if it stood in), the
 * highlights (added to the description in one click) and the similar listings' price range (its middle
 * put in the price field in one click). Nothing when the draft has none of these.
 */
export function AiSuggestions({
  extras,
  onAddHighlights,
  onUsePrice,
}: {
  extras: AiExtras;
  onAddHighlights: (highlights: string[]) => void;
  onUsePrice: (priceCents: number) => void;
}) {
  const { t } = useTranslation('market');
  const [added, setAdded] = useState(false);
  const highlights = extras.highlights ?? [];
  const range = extras.priceRange;
  if (!extras.notice && highlights.length === 0 && !range) return null;
  const midpoint = range ? midpointOf(range) : 0;
  return (
    <div className="space-y-3" data-testid="ai-suggestions">
      {extras.notice ? <Alert tone="info">{t(`form.ai.${extras.notice}`)}</Alert> : null}
      {highlights.length > 0 ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">{t('form.ai.highlights')}</h3>
            <Button
              variant="secondary"
              size="sm"
              disabled={added}
              onClick={() => {
                onAddHighlights(highlights);
                setAdded(true);
              }}
            >
              {added ? <Check aria-hidden className="size-4" /> : <Plus aria-hidden className="size-4" />}
              {added ? t('form.ai.highlightsAdded') : t('form.ai.addHighlights')}
            </Button>
          </div>
          <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-700">
            {highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {range ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="flex items-center gap-2 text-sm text-slate-800">
            <Tag aria-hidden className="size-4 shrink-0 text-slate-500" />
            {t('form.ai.priceRange', {
              low: formatPrice(range.lowCents),
              high: formatPrice(range.highCents),
              count: range.basedOn,
            })}
          </p>
          <Button variant="secondary" size="sm" onClick={() => onUsePrice(midpoint)}>
            {t('form.ai.useMidpoint', { price: formatPrice(midpoint) })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The plans with AI help, from the catalogue the server's draft route also reads. */
const AI_PLANS = PLANS.filter((plan) => PLAN_DETAILS[plan].aiLevel !== 'none');

/**
 * AI help on the form's first screen, after the fitment it writes from. A member whose plan has it
 * gets "Write with AI" (the title and the description, which `onDrafted` shows), then the draft's
 * suggestions; a member whose plan does not is told what it is and which plans have it, with a link
 * to the plans.
 */
export function AiHelp({ form, onDrafted }: { form: ListingFormApi; onDrafted: () => void }) {
  const { t } = useTranslation(['market', 'common', 'errors']);
  const language = useLanguage();
  const labels = useCatalogLabels();
  const { user } = useSession();
  const aiDraft = useAiDraft();
  /** The last draft's highlights, price range and notice; `id` starts each draft's panel afresh. */
  const [aiExtras, setAiExtras] = useState<{ id: number; extras: AiExtras } | null>(null);

  if (PLAN_DETAILS[user?.plan ?? 'bronze'].aiLevel === 'none')
    return (
      <div className="flex gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
        <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <p>
          {t('form.ai.notInPlan', {
            plans: new Intl.ListFormat(language, { type: 'conjunction' }).format(AI_PLANS.map(labels.plan)),
          })}{' '}
          <Link to={paths.upgrade.href()} className="font-semibold text-brand-700 underline">
            {t('form.seePlans')}
          </Link>
        </p>
      </div>
    );

  const generate = async () => {
    const values = form.getValues();
    if (!values.category || !values.make || !values.model) {
      toast.info(t('form.ai.needsFields'));
      return;
    }
    try {
      const draft = await aiDraft.mutateAsync({
        category: values.category,
        condition: values.condition || undefined,
        make: values.make,
        model: values.model,
        yearStart: values.yearStart ? String(values.yearStart) : undefined,
        yearEnd: values.yearEnd ? String(values.yearEnd) : undefined,
        partBrand:
          values.partBrand === 'Other' ? values.partBrandOther || undefined : values.partBrand || undefined,
        partId: values.partId || undefined,
      });
      form.setValue('title', draft.title, { shouldValidate: form.formState.isSubmitted });
      form.setValue('description', draft.description);
      setAiExtras((last) => ({
        id: (last?.id ?? 0) + 1,
        extras: { highlights: draft.highlights, priceRange: draft.priceRange, notice: draft.notice },
      }));
      onDrafted();
      toast.success(t('form.ai.done'));
    } catch (error) {
      toast.error(t('form.ai.failed'), { description: errorMessage(error, t) });
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button variant="secondary" disabled={aiDraft.isPending} onClick={() => void generate()}>
          <Sparkles aria-hidden className="size-4" />
          {aiDraft.isPending ? t('form.ai.generating') : t('form.ai.button')}
        </Button>
        <p className="text-sm text-slate-600">{t('form.ai.hint')}</p>
      </div>
      {aiExtras ? (
        <AiSuggestions
          key={aiExtras.id}
          extras={aiExtras.extras}
          onAddHighlights={(highlights) => {
            const current = form.getValues('description')?.trim() ?? '';
            const list = highlights.map((highlight) => `- ${highlight}`).join('\n');
            form.setValue('description', current ? `${current}\n\n${list}` : list, {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            });
          }}
          onUsePrice={(priceCents) =>
            form.setValue('price', centsToTyped(priceCents), {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            })
          }
        />
      ) : null}
    </div>
  );
}
