import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { CATEGORIES, CONDITIONS, PLAN_DETAILS } from '@common/catalog';
import { errorMessage } from '@client/lib/error-message';
import { Button } from '@client/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@client/components/ui/field';
import { useSession } from '@client/features/session';
import { useErrorText } from '@client/lib/form-errors';
import { useAiDraft } from './api';
import { AiSuggestions, type AiExtras } from './ai-suggestions';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { sectionClass, type ListingFormApi } from './listing-form-section';

/** The part: category, condition, title and description, and the AI draft that fills them in. */
export function BasicsSection({
  form,
  onUsePrice,
}: {
  form: ListingFormApi;
  /** The AI's suggested price, taken into the price field. */
  onUsePrice: (price: number) => void;
}) {
  const { t } = useTranslation(['market', 'common', 'errors']);
  const labels = useCatalogLabels();
  const message = useErrorText();
  const { errors } = form.formState;
  const { user } = useSession();
  const aiDraft = useAiDraft();
  const canUseAi = PLAN_DETAILS[user?.plan ?? 'bronze'].aiLevel !== 'none';
  /** The last draft's highlights, price range and notice; `id` starts each draft's panel afresh. */
  const [aiExtras, setAiExtras] = useState<{ id: number; extras: AiExtras } | null>(null);

  const generate = async () => {
    if (!canUseAi) {
      toast.error(t('form.ai.upgradeRequired'), { description: t('PLAN_REQUIRED', { ns: 'errors' }) });
      return;
    }
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
      toast.success(t('form.ai.done'));
    } catch (error) {
      toast.error(t('form.ai.failed'), { description: errorMessage(error, t) });
    }
  };

  return (
    <section className={sectionClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.basics')}</h2>
        <Button variant="secondary" size="sm" disabled={aiDraft.isPending} onClick={() => void generate()}>
          <Sparkles aria-hidden className="size-4" />
          {aiDraft.isPending ? t('form.ai.generating') : t('form.ai.button')}
        </Button>
      </div>
      {!canUseAi ? <p className="text-sm text-slate-600">{t('PLAN_REQUIRED', { ns: 'errors' })}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('form.category')}
          placeholder={t('form.chooseCategory')}
          options={CATEGORIES}
          optionLabel={labels.category}
          error={message(errors.category?.message)}
          {...form.register('category')}
        />
        <SelectField
          label={t('form.condition')}
          placeholder={t('form.chooseCondition')}
          options={CONDITIONS}
          optionLabel={labels.condition}
          error={message(errors.condition?.message)}
          {...form.register('condition')}
        />
      </div>
      <TextField
        label={`${t('form.title')} *`}
        maxLength={120}
        required
        error={message(errors.title?.message)}
        {...form.register('title')}
      />
      <TextAreaField
        label={t('form.description')}
        rows={6}
        maxLength={5000}
        error={message(errors.description?.message)}
        {...form.register('description')}
      />
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
          onUsePrice={onUsePrice}
        />
      ) : null}
    </section>
  );
}
