import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import {
  ListingFormSchema,
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
import { Alert } from '@client/components/ui/field';
import { PhotoUploader, storedItem, type PhotoItem } from '@client/features/photos';
import { useErrorText } from '@client/lib/form-errors';
import { useSaveListing } from './api';
import { firstInvalid, sectionClass } from './listing-form-section';
import { BasicsFields, DescriptionSection } from './listing-form-basics';
import { FitmentFields } from './listing-form-fitment';
import { MoreDetails } from './listing-form-more';
import { PricingSection } from './listing-form-pricing';
import { VerificationSection } from './listing-form-verification';
import { AiHelp } from './ai-suggestions';

/** The API's price fields, as the form names them (typed in dollars). */
const SERVER_FIELDS: Record<string, string> = {
  priceCents: 'price',
  offerFloorCents: 'offerFloor',
  referralAmountCents: 'referralAmount',
  shippingCents: 'shipping',
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
    shipping: centsToTyped(listing?.checkout.shippingCents),
    localPickup: listing?.checkout.localPickup ?? true,
    holdPayment: listing?.checkout.holdPayment ?? false,
    acceptsReturns: listing?.checkout.acceptsReturns ?? false,
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

/**
 * Create (/create) and edit (/listing/{id}/edit), one form in one order, made for a phone: the photos
 * first, then the part (title, price, category, condition), what it fits and the AI help; the rest
 * (description, location, offers, delivery, verification) under "More details". Validated by the
 * schema the server uses; a refused form leads to its first field in error, opening "More details"
 * when that field is there.
 */
export function ListingForm({ listing }: { listing?: ListingDetail }) {
  const { t } = useTranslation(['market', 'common', 'errors']);
  const navigate = useNavigate();
  const save = useSaveListing(listing?.id);
  // The form leads to its first error itself (`showFirstError`): react-hook-form would try a folded field.
  const form = useSchemaForm(ListingFormSchema, {
    defaultValues: initialValues(listing),
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
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
  const [moreOpen, setMoreOpen] = useState(false);
  const message = useErrorText();

  /**
   * Leads to the first of these fields in the form's order: "More details" opens first when the field
   * is under it. A field with no input of its own (the photos, the receipt) gets its "Choose" button.
   */
  const showFirstError = (fields: Iterable<string>) => {
    const first = firstInvalid(fields);
    if (!first) return;
    if (first.inMoreDetails) flushSync(() => setMoreOpen(true));
    if (first.field === 'photos' || first.field === 'receiptImage')
      document.getElementById(`listing-${first.field}`)?.querySelector('button')?.focus();
    else form.setFocus(first.field);
  };

  const uploading = [...photos, ...receipt].some((item) => !item.photo);

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
        if (showServerErrors(form, error, SERVER_FIELDS) && error instanceof ApiClientError)
          showFirstError(Object.keys(error.fields).map((name) => SERVER_FIELDS[name] ?? name));
        toast.error(t('form.createError'), { description: errorMessage(error, t) });
      }
    },
    (invalid) => {
      showFirstError(Object.keys(invalid));
      toast.error(t('form.required'));
    },
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

      <section id="listing-photos" className={sectionClass}>
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.photos')}</h2>
        <PhotoUploader items={photos} onChange={setPhotos} label={t('form.addPhotos')} />
        {errors.photos ? <p className="text-sm text-red-700">{message(errors.photos.message)}</p> : null}
      </section>

      <section className={sectionClass}>
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.basics')}</h2>
        <BasicsFields form={form} />
        <FitmentFields form={form} />
        <AiHelp form={form} onDrafted={() => setMoreOpen(true)} />
      </section>

      <MoreDetails open={moreOpen} onOpenChange={setMoreOpen}>
        <DescriptionSection form={form} />
        <PricingSection form={form} />
        <VerificationSection form={form} receipt={receipt} onReceiptChange={setReceipt} />
      </MoreDetails>

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
