import type { Dispatch, SetStateAction } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PART_BRANDS } from '@common/schemas/listings';
import { CheckboxField, SelectField, TextField } from '@client/components/ui/field';
import { PhotoUploader, type PhotoItem } from '@client/features/photos';
import { useErrorText } from '@client/lib/form-errors';
import { sectionClass, type ListingFormApi } from './listing-form-section';

/** Under "More details": the optional verification (part number, brand, receipt) and the product link. */
export function VerificationSection({
  form,
  receipt,
  onReceiptChange: setReceipt,
}: {
  form: ListingFormApi;
  receipt: PhotoItem[];
  onReceiptChange: Dispatch<SetStateAction<PhotoItem[]>>;
}) {
  const { t } = useTranslation(['market', 'common', 'errors']);
  const message = useErrorText();
  const { errors } = form.formState;
  const [verification, partBrand] = useWatch({ control: form.control, name: ['verification', 'partBrand'] });
  return (
    <section className={sectionClass}>
      <CheckboxField
        label={<span className="font-semibold">{t('form.verificationToggle')}</span>}
        aria-expanded={Boolean(verification)}
        {...form.register('verification')}
      />
      <p className="text-sm text-slate-600">{t('form.verificationHint')}</p>
      {verification ? (
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={`${t('form.partId')} *`}
              maxLength={80}
              error={message(errors.partId?.message)}
              {...form.register('partId')}
            />
            <SelectField
              label={t('form.partBrand')}
              placeholder={t('form.chooseBrand')}
              options={PART_BRANDS}
              optionLabel={(b) => (b === 'Other' ? t('catalog.categories.other', { ns: 'common' }) : b)}
              error={message(errors.partBrand?.message)}
              {...form.register('partBrand', { setValueAs: (value: unknown) => value || null })}
            />
          </div>
          {partBrand === 'Other' ? (
            <TextField
              label={`${t('form.partBrandOther')} *`}
              maxLength={80}
              error={message(errors.partBrandOther?.message)}
              {...form.register('partBrandOther')}
            />
          ) : null}
          <div id="listing-receiptImage">
            <p className="mb-1.5 text-sm font-medium text-slate-800">{t('form.receipt')} *</p>
            <p className="mb-2 text-sm text-slate-600">{t('form.receiptHint')}</p>
            <PhotoUploader items={receipt} onChange={setReceipt} max={1} label={t('form.addReceipt')} />
            {errors.receiptImage ? (
              <p className="mt-1.5 text-sm text-red-700">{message(errors.receiptImage.message)}</p>
            ) : null}
          </div>
        </div>
      ) : null}
      <TextField
        label={t('form.productUrl')}
        type="url"
        placeholder={t('form.urlPlaceholder')}
        maxLength={500}
        error={message(errors.productUrl?.message)}
        {...form.register('productUrl')}
      />
    </section>
  );
}
