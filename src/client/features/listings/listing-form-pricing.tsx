import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@common/i18n/format';
import { placeLabel } from '@common/schemas/places';
import { REFERRAL_DAYS, REFERRAL_RANGE } from '@common/schemas/referrals';
import { CheckboxField, TextField } from '@client/components/ui/field';
import { useSession } from '@client/features/session';
import { useErrorText } from '@client/lib/form-errors';
import { useLanguage } from '@client/lib/use-language';
import { listingQueries } from './api';
import { sectionClass, type ListingFormApi } from './listing-form-section';
import { WaitingInput } from '@client/components/ui/waiting';

/** Under the ZIP field: its city and state once five digits are typed, or that it is unknown. */
function ZipPlace({ zip }: { zip: string }) {
  const { t } = useTranslation('market');
  const complete = /^\d{5}$/.test(zip);
  const place = useQuery({ ...listingQueries.place(zip), enabled: complete });
  if (!complete) return <>{t('form.zipHint')}</>;
  if (place.data) return <span aria-live="polite">{placeLabel(place.data)}</span>;
  if (place.isError) return <span aria-live="polite">{t('form.zipUnknown')}</span>;
  return <>{t('form.zipHint')}</>;
}

/**
 * Under "More details": where the part is (ZIP), negotiable or firm, the offer floor, the referral
 * amount, and how it reaches a buyer who pays here (shipping at a price, local pickup, payment held until
 * delivery). The price itself is on the first screen.
 */
export function PricingSection({ form }: { form: ListingFormApi }) {
  const { t } = useTranslation(['market', 'common', 'errors']);
  const message = useErrorText();
  const { errors } = form.formState;
  const [negotiable, zip] = useWatch({ control: form.control, name: ['negotiable', 'zip'] });
  const plan = useSession().user?.plan;
  const language = useLanguage();
  const returnsHelp = useId();
  return (
    <section className={sectionClass}>
      <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.pricing')}</h2>
      <TextField
        label={t('form.zip')}
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={5}
        hint={<ZipPlace zip={zip ?? ''} />}
        error={message(errors.zip?.message)}
        {...form.register('zip')}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('form.pricingLabel')}</legend>
        <div className="flex flex-wrap gap-4">
          {[true, false].map((choice) => (
            <label key={String(choice)} className="flex items-center gap-2 text-sm text-slate-800">
              <WaitingInput
                type="radio"
                name="negotiable"
                className="size-4 accent-brand-600"
                checked={negotiable === choice}
                onChange={() => form.setValue('negotiable', choice)}
              />
              {choice ? t('form.negotiable') : t('form.firm')}
            </label>
          ))}
        </div>
      </fieldset>
      {negotiable ? (
        <TextField
          label={t('form.floorLabel', { ns: 'offers' })}
          hint={t('form.floorHint', { ns: 'offers' })}
          inputMode="decimal"
          error={message(errors.offerFloor?.message)}
          {...form.register('offerFloor')}
        />
      ) : null}
      <TextField
        label={t('form.referral')}
        hint={t('form.referralHint', {
          ns: 'orders',
          min: formatPercent(REFERRAL_RANGE.minBasisPoints / 10_000, language),
          max: formatPercent(REFERRAL_RANGE.maxBasisPoints / 10_000, language),
          days: REFERRAL_DAYS,
        })}
        inputMode="decimal"
        error={message(errors.referralAmount?.message)}
        {...form.register('referralAmount')}
      />
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {t('form.delivery', { ns: 'orders' })}
        </legend>
        <TextField
          label={t('form.shipping', { ns: 'orders' })}
          hint={t('form.shippingHint', { ns: 'orders' })}
          inputMode="decimal"
          error={message(errors.shipping?.message)}
          {...form.register('shipping')}
        />
        <CheckboxField label={t('form.localPickup', { ns: 'orders' })} {...form.register('localPickup')} />
        {plan === 'gold' ? (
          <CheckboxField label={t('form.holdPayment', { ns: 'orders' })} {...form.register('holdPayment')} />
        ) : plan === 'platinum' ? (
          <p className="text-sm text-slate-600">{t('form.holdAlways', { ns: 'orders' })}</p>
        ) : null}
        <div>
          <CheckboxField
            label={t('form.acceptsReturns', { ns: 'orders' })}
            aria-describedby={returnsHelp}
            {...form.register('acceptsReturns')}
          />
          <p id={returnsHelp} className="mt-1 pl-6.5 text-sm text-slate-600">
            {t('form.acceptsReturnsHint', { ns: 'orders' })}
          </p>
        </div>
        <p className="text-sm text-slate-600">{t('form.feesHint', { ns: 'orders' })}</p>
      </fieldset>
    </section>
  );
}
