import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, MAKES } from '@common/catalog';
import { vehicleLabel, type Vehicle } from '@common/vehicle-label';
import { SelectField, TextAreaField, TextField, inputClass } from '@client/components/ui/field';
import { WaitingSelect } from '@client/components/ui/waiting';
import { useErrorText } from '@client/lib/form-errors';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { useSession } from '@client/features/session';
import { useFleet } from '@client/features/fleet';
import type { WantedFormApi } from './form-values';

/** Each section of the wanted form is a card. */
export const sectionClass = 'space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** A year field keeps digits only, four at most. */
const yearDigits = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/** The part: what it is (its words are looked for in listings), its category and a description. */
export function PartFields({ form }: { form: WantedFormApi }) {
  const { t } = useTranslation(['wanted', 'errors']);
  const labels = useCatalogLabels();
  const message = useErrorText();
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label={`${t('form.title')} *`}
        hint={t('form.titleHint')}
        maxLength={120}
        required
        error={message(errors.title?.message)}
        {...form.register('title')}
      />
      <SelectField
        label={t('form.category')}
        placeholder={t('form.chooseCategory')}
        options={CATEGORIES}
        optionLabel={labels.category}
        error={message(errors.category?.message)}
        {...form.register('category')}
      />
      <TextAreaField
        label={t('form.description')}
        rows={4}
        maxLength={1000}
        placeholder={t('form.descriptionPlaceholder')}
        error={message(errors.description?.message)}
        {...form.register('description')}
      />
    </>
  );
}

/** The make of the catalogue a vehicle's make is (whatever its case), or none. */
function catalogueMake(make: string): string {
  return MAKES.find((known) => known.toLowerCase() === make.trim().toLowerCase()) ?? '';
}

/** What the part is for: make, model and years, typed or filled from one of the member's vehicles. */
export function FitmentFields({ form }: { form: WantedFormApi }) {
  const { t } = useTranslation(['wanted', 'errors']);
  const labels = useCatalogLabels();
  const message = useErrorText();
  const { errors, isSubmitted } = form.formState;
  const { user } = useSession();
  const fleet = useFleet(Boolean(user)).data ?? [];
  const [vehicleId, setVehicleId] = useState('');
  const vehicleSelect = useId();

  const fillFrom = (vehicle: Vehicle) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    form.setValue('make', catalogueMake(vehicle.make), options);
    form.setValue('model', vehicle.model, options);
    form.setValue('yearStart', String(vehicle.year), options);
    form.setValue('yearEnd', String(vehicle.year), options);
  };

  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-base font-semibold text-slate-900">{t('form.sections.fitment')}</legend>
      {fleet.length ? (
        <div>
          <label htmlFor={vehicleSelect} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('form.useVehicle')}
          </label>
          <WaitingSelect
            id={vehicleSelect}
            className={inputClass}
            value={vehicleId}
            onChange={(event) => {
              setVehicleId(event.target.value);
              const vehicle = fleet.find((v) => v.id === event.target.value);
              if (vehicle) fillFrom(vehicle);
            }}
          >
            <option value="">{t('form.chooseVehicle')}</option>
            {fleet.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicleLabel(vehicle)}
              </option>
            ))}
          </WaitingSelect>
          <p className="mt-1.5 text-sm text-slate-600">{t('form.useVehicleHint')}</p>
        </div>
      ) : null}
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
