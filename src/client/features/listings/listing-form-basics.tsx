import { useTranslation } from 'react-i18next';
import { CATEGORIES, CONDITIONS } from '@common/catalog';
import { SelectField, TextAreaField, TextField } from '@client/components/ui/field';
import { useErrorText } from '@client/lib/form-errors';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { sectionClass, type ListingFormApi } from './listing-form-section';

/** The part, on the form's first screen: its title, price, category and condition. */
export function BasicsFields({ form }: { form: ListingFormApi }) {
  const { t } = useTranslation(['market', 'common', 'errors']);
  const labels = useCatalogLabels();
  const message = useErrorText();
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label={`${t('form.title')} *`}
        maxLength={120}
        required
        error={message(errors.title?.message)}
        {...form.register('title')}
      />
      <TextField
        label={`${t('form.price')} *`}
        className="sm:w-1/2 sm:pr-2"
        inputMode="decimal"
        required
        error={message(errors.price?.message)}
        {...form.register('price')}
      />
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
    </>
  );
}

/** Under "More details": the description (which the AI draft also writes). */
export function DescriptionSection({ form }: { form: ListingFormApi }) {
  const { t } = useTranslation(['market', 'common', 'errors']);
  const message = useErrorText();
  return (
    <section className={sectionClass}>
      <TextAreaField
        label={t('form.description')}
        rows={6}
        maxLength={5000}
        error={message(form.formState.errors.description?.message)}
        {...form.register('description')}
      />
    </section>
  );
}
