import { useTranslation } from 'react-i18next';
import { MAKES } from '@common/catalog';
import { SelectField, TextField } from '@client/components/ui/field';
import { useErrorText } from '@client/lib/form-errors';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { yearDigits, type ListingFormApi } from './listing-form-section';

/** What the part fits: make, model and years, on the form's first screen. */
export function FitmentFields({ form }: { form: ListingFormApi }) {
  const { t } = useTranslation(['market', 'common', 'errors']);
  const labels = useCatalogLabels();
  const message = useErrorText();
  const { errors } = form.formState;
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-base font-semibold text-slate-900">{t('form.sections.fitment')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('form.make')}
          placeholder={t('form.chooseMake')}
          options={MAKES}
          optionLabel={labels.make}
          error={message(errors.make?.message)}
          {...form.register('make')}
        />
        <TextField
          label={`${t('form.model')} *`}
          maxLength={80}
          required
          error={message(errors.model?.message)}
          {...form.register('model')}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('form.yearStart')}
          inputMode="numeric"
          error={message(errors.yearStart?.message)}
          {...form.register('yearStart', {
            onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
              form.setValue('yearStart', yearDigits(event.target.value)),
          })}
        />
        <TextField
          label={t('form.yearEnd')}
          inputMode="numeric"
          error={message(errors.yearEnd?.message)}
          {...form.register('yearEnd', {
            onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
              form.setValue('yearEnd', yearDigits(event.target.value)),
          })}
        />
      </div>
    </fieldset>
  );
}
