import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONDITIONS } from '@common/catalog';
import { RADIUS_OPTIONS } from '@common/schemas/browse';
import { placeLabel } from '@common/schemas/places';
import { CheckboxField, TextField, inputClass } from '@client/components/ui/field';
import { WaitingSelect } from '@client/components/ui/waiting';
import { useErrorText } from '@client/lib/form-errors';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { listingQueries } from '@client/features/listings';
import type { WantedFormApi } from './form-values';
import { sectionClass } from './wanted-form-part';

/** Under the ZIP field: its city and state once five digits are typed, or that it is unknown. */
function ZipPlace({ zip }: { zip: string }) {
  const { t } = useTranslation('wanted');
  const complete = /^\d{5}$/.test(zip);
  const place = useQuery({ ...listingQueries.place(zip), enabled: complete });
  if (!complete) return <>{t('form.zipHint')}</>;
  if (place.data) return <span aria-live="polite">{placeLabel(place.data)}</span>;
  if (place.isError) return <span aria-live="polite">{t('form.zipUnknown')}</span>;
  return <>{t('form.zipHint')}</>;
}

/** What will do: the conditions (none ticked: any) and the most the member would pay. */
export function TermsSection({ form }: { form: WantedFormApi }) {
  const { t } = useTranslation(['wanted', 'errors']);
  const labels = useCatalogLabels();
  const message = useErrorText();
  const { errors } = form.formState;
  return (
    <section className={sectionClass}>
      <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.terms')}</h2>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('form.conditions')}</legend>
        <p className="mt-0.5 mb-2 text-sm text-slate-600">{t('form.conditionsHint')}</p>
        <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
          {CONDITIONS.map((condition) => (
            <CheckboxField
              key={condition}
              label={labels.condition(condition)}
              value={condition}
              {...form.register('conditions')}
            />
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('form.maxPrice')}
        hint={t('form.maxPriceHint')}
        className="sm:w-1/2 sm:pr-2"
        inputMode="decimal"
        error={message(errors.maxPrice?.message)}
        {...form.register('maxPrice')}
      />
    </section>
  );
}

/** Where: near a ZIP code (within a distance, for local pickup), and/or any listing that ships. */
export function PlaceSection({ form }: { form: WantedFormApi }) {
  const { t } = useTranslation(['wanted', 'market', 'errors']);
  const message = useErrorText();
  const { errors } = form.formState;
  const zip = useWatch({ control: form.control, name: 'zip' }) ?? '';
  return (
    <section className={sectionClass}>
      <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.place')}</h2>
      <p className="text-sm text-slate-600">{t('form.placeHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('form.zip')}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
          hint={<ZipPlace zip={zip} />}
          error={message(errors.zip?.message)}
          {...form.register('zip')}
        />
        <div>
          <label htmlFor="wanted-radius" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('form.radius')}
          </label>
          <WaitingSelect
            id="wanted-radius"
            className={inputClass}
            aria-invalid={errors.radius ? true : undefined}
            {...form.register('radius')}
          >
            {RADIUS_OPTIONS.map((miles) => (
              <option key={miles} value={String(miles)}>
                {t('browse.withinMiles', { ns: 'market', miles })}
              </option>
            ))}
          </WaitingSelect>
          {errors.radius ? (
            <p className="mt-1.5 text-sm text-red-700">{message(errors.radius.message)}</p>
          ) : null}
        </div>
      </div>
      <div>
        <CheckboxField label={t('form.shipsToMe')} {...form.register('shipsToMe')} />
        <p className="mt-1 pl-6.5 text-sm text-slate-600">{t('form.shipsToMeHint')}</p>
      </div>
    </section>
  );
}
