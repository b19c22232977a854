import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Sparkles } from 'lucide-react';
import { placeLabel } from '@common/schemas/places';
import { toast } from '@client/lib/toast';
import { CATEGORIES, CONDITIONS, MAKES, PLAN_DETAILS } from '@common/catalog';
import {
  ListingFormSchema,
  PART_BRANDS,
  listingInputFromForm,
  type ListingDetail,
  type ListingFormValues,
} from '@common/schemas/listings';
import { centsToTyped } from '@common/schemas/money';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { Button } from '@client/components/ui/button';
import { Alert, CheckboxField, SelectField, TextAreaField, TextField } from '@client/components/ui/field';
import { useSession } from '@client/features/session';
import { PhotoUploader, storedItem, type PhotoItem } from '@client/features/photos';
import { useErrorText } from '@client/lib/form-errors';
import { listingQueries, useAiDraft, useSaveListing } from './api';
import { AiSuggestions, type AiExtras } from './ai-suggestions';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';

/** The API's price fields, as the form names them (typed in dollars). */
const SERVER_FIELDS = {
  priceCents: 'price',
  offerFloorCents: 'offerFloor',
  referralAmountCents: 'referralAmount',
};

/** The form's starting values: the listing's when editing. */
function initialValues(listing?: ListingDetail): ListingFormValues {
  return {
    title: listing?.title ?? '',
    description: listing?.description ?? '',
    // Prices are typed in dollars; the listing keeps cents.
    price: centsToTyped(listing?.priceCents),
    negotiable: listing?.negotiable ?? true,
    offerFloor: centsToTyped(listing?.offerFloorCents),
    referralAmount: centsToTyped(listing?.referralAmountCents),
    // Empty until chosen (the schema says so), whatever the enum's type allows.
    category: (listing?.category ?? '') as ListingFormValues['category'],
    condition: (listing?.condition ?? '') as ListingFormValues['condition'],
    make: listing?.make ?? '',
    model: listing?.model ?? '',
    yearStart: listing?.yearStart ? String(listing.yearStart) : '',
    yearEnd: listing?.yearEnd ? String(listing.yearEnd) : '',
    zip: listing?.zip ?? '',
    // A listing from before ZIP codes keeps its written location until a ZIP replaces it.
    location: listing?.zip ? '' : (listing?.location ?? ''),
    verification: Boolean(listing?.partId || listing?.partBrand || listing?.storedReceipt),
    partId: listing?.partId ?? '',
    partBrand: (listing?.partBrand ?? null) as ListingFormValues['partBrand'],
    partBrandOther: listing?.partBrandOther ?? '',
    productUrl: listing?.productUrl ?? '',
  };
}

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

/** A year field keeps digits only, four at most. */
const yearDigits = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/**
 * Create (/create) and edit (/listing/{id}/edit): the part, its fitment, price, photos and the
 * optional verification (part number, brand, receipt), validated by the schema the server uses.
 */
export function ListingForm({ listing }: { listing?: ListingDetail }) {
  const { t } = useTranslation(['market', 'common', 'errors']);
  const labels = useCatalogLabels();
  const navigate = useNavigate();
  const { user } = useSession();
  const save = useSaveListing(listing?.id);
  const aiDraft = useAiDraft();
  const form = useSchemaForm(ListingFormSchema, { defaultValues: initialValues(listing) });
  const { errors, isSubmitting: submitting } = form.formState;
  const [negotiable, verification, partBrand, zip] = useWatch({
    control: form.control,
    name: ['negotiable', 'verification', 'partBrand', 'zip'],
  });
  const [photos, setPhotos] = useState<PhotoItem[]>(() =>
    (listing?.storedPhotos ?? []).map((photo, i) =>
      storedItem(photo, listing?.photos[i]?.sources[0]?.url ?? ''),
    ),
  );
  const [receipt, setReceipt] = useState<PhotoItem[]>(() =>
    listing?.storedReceipt && listing.receiptImage
      ? [storedItem(listing.storedReceipt, listing.receiptImage.sources[0]?.url ?? '')]
      : [],
  );
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const canUseAi = PLAN_DETAILS[user?.plan ?? 'bronze'].aiLevel !== 'none';
  /** The last draft's highlights, price range and notice; `id` starts each draft's panel afresh. */
  const [aiExtras, setAiExtras] = useState<{ id: number; extras: AiExtras } | null>(null);
  const message = useErrorText();

  const uploading = [...photos, ...receipt].some((item) => !item.photo);

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

  const submit = form.handleSubmit(
    async () => {
      setPlanLimit(null);
      try {
        // Sent as typed (the server parses it with the same rules), not as the parse's output; the
        // prices typed in dollars go as cents.
        const saved = await save.mutateAsync(listingInputFromForm(form.getValues()));
        toast.success(listing ? t('form.saved') : t('form.created'));
        void navigate(listing ? paths.listing.href(saved.id) : paths.dashboard.href());
      } catch (error) {
        if (error instanceof ApiClientError && error.code === 'PLAN_LIMIT') setPlanLimit(error.message);
        showServerErrors(form, error, SERVER_FIELDS);
        toast.error(t('form.createError'), { description: errorMessage(error, t) });
      }
    },
    () => toast.error(t('form.required')),
  );

  /** The uploaded photos and receipt join the values as they are when the form is sent. */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    form.setValue(
      'photos',
      photos.flatMap((item) => (item.photo ? [item.photo] : [])),
    );
    form.setValue('receiptImage', receipt[0]?.photo ?? null);
    void submit(event);
  };

  const section = 'space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {planLimit ? (
        <Alert tone="error">
          {planLimit}{' '}
          <Link to={paths.upgrade.href()} className="font-semibold underline">
            {t('form.seePlans')}
          </Link>
        </Alert>
      ) : null}

      <section className={section}>
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
            onUsePrice={(priceCents) =>
              form.setValue('price', centsToTyped(priceCents), {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
          />
        ) : null}
      </section>

      <section className={section}>
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.fitment')}</h2>
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
      </section>

      <section className={section}>
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.pricing')}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={`${t('form.price')} *`}
            inputMode="decimal"
            required
            error={message(errors.price?.message)}
            {...form.register('price')}
          />
          <TextField
            label={t('form.zip')}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={5}
            hint={<ZipPlace zip={zip ?? ''} />}
            error={message(errors.zip?.message)}
            {...form.register('zip')}
          />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('form.pricingLabel')}</legend>
          <div className="flex flex-wrap gap-4">
            {[true, false].map((choice) => (
              <label key={String(choice)} className="flex items-center gap-2 text-sm text-slate-800">
                <input
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
          hint={t('form.referralHint')}
          inputMode="decimal"
          error={message(errors.referralAmount?.message)}
          {...form.register('referralAmount')}
        />
      </section>

      <section className={section}>
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.photos')}</h2>
        <PhotoUploader items={photos} onChange={setPhotos} label={t('form.addPhotos')} />
        {errors.photos ? <p className="text-sm text-red-700">{message(errors.photos.message)}</p> : null}
      </section>

      <section className={section}>
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
            <div>
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

      <p className="text-sm text-slate-600">
        <Trans t={t} i18nKey="form.requiredNote" />
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="secondary" size="lg">
          <Link to={paths.dashboard.href()}>{t('form.cancel')}</Link>
        </Button>
        <Button type="submit" size="lg" disabled={submitting || uploading}>
          {submitting
            ? listing
              ? t('form.saving')
              : t('form.submitting')
            : uploading
              ? t('form.waitingForUploads')
              : listing
                ? t('form.save')
                : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
