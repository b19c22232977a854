import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { RADIUS_OPTIONS } from '@common/schemas/browse';
import {
  ONBOARDING_CATEGORIES,
  ONBOARDING_MAKES,
  type BuyerPreferencesInput,
  type BuyerPreferencesSchema,
  type SellerPreferencesInput,
  type SellerPreferencesSchema,
} from '@common/schemas/profile';
import type { z } from 'zod';
import { useErrorText } from '@client/lib/form-errors';
import { CheckboxField, TextField, inputClass } from '@client/components/ui/field';
import { ChoiceGroup, useChoices } from './choice-group';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { WaitingSelect } from '@client/components/ui/waiting';

type BuyerForm = UseFormReturn<BuyerPreferencesInput, unknown, z.output<typeof BuyerPreferencesSchema>>;
type SellerForm = UseFormReturn<SellerPreferencesInput, unknown, z.output<typeof SellerPreferencesSchema>>;

/**
 * What a buyer tells us (ZIP, radius, makes, categories): the fields of onboarding's buyer step and of
 * the settings page, bound to a form of `BuyerPreferencesSchema`. `other` is the "Other" texts stored.
 */
export function BuyerPreferenceFields({
  form,
  other = { make: '', category: '' },
}: {
  form: BuyerForm;
  other?: { make: string; category: string };
}) {
  const { t } = useTranslation(['onboarding', 'common']);
  const labels = useCatalogLabels();
  const message = useErrorText();
  const makes = useChoices(form, 'prefMakes', 'otherMake', other.make);
  const categories = useChoices(form, 'prefCategories', 'otherCategory', other.category);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('buyer.zip')}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          required
          error={message(form.formState.errors.zip?.message)}
          {...form.register('zip')}
        />
        <div>
          <label htmlFor="radius" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('buyer.radius')}
          </label>
          <WaitingSelect
            id="radius"
            className={inputClass}
            {...form.register('radiusMiles', {
              setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
            })}
          >
            <option value="">{t('buyer.anyDistance')}</option>
            {RADIUS_OPTIONS.map((miles) => (
              <option key={miles} value={miles}>
                {t('buyer.radiusOption', { count: miles })}
              </option>
            ))}
          </WaitingSelect>
        </div>
      </div>
      <ChoiceGroup
        legend={t('buyer.makes')}
        options={ONBOARDING_MAKES}
        label={(make) => make}
        {...makes}
        otherLabel={t('buyer.otherMake')}
      />
      <ChoiceGroup
        legend={t('buyer.categories')}
        options={ONBOARDING_CATEGORIES}
        label={labels.category}
        {...categories}
        otherLabel={t('buyer.otherCategory')}
      />
    </>
  );
}

/** What a seller tells us (shipping, local pickup, categories sold), as in `BuyerPreferenceFields`. */
export function SellerPreferenceFields({ form, other = '' }: { form: SellerForm; other?: string }) {
  const { t } = useTranslation(['onboarding', 'common']);
  const labels = useCatalogLabels();
  const message = useErrorText();
  const categories = useChoices(form, 'sellerCategories', 'otherCategory', other);
  return (
    <>
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-slate-900">{t('seller.delivery')}</legend>
        <div className="space-y-2.5">
          <CheckboxField label={t('seller.shipOk')} {...form.register('shipOk')} />
          <CheckboxField label={t('seller.localOk')} {...form.register('localOk')} />
        </div>
      </fieldset>
      <ChoiceGroup
        legend={t('seller.categories')}
        options={ONBOARDING_CATEGORIES}
        label={labels.category}
        {...categories}
        otherLabel={t('seller.otherCategory')}
        error={message(form.formState.errors.sellerCategories?.message)}
      />
    </>
  );
}
