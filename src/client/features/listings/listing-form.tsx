import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { CATEGORIES, CONDITIONS, MAKES, PLAN_DETAILS, isPlan } from '@common/catalog';
import { ListingInputSchema, PART_BRANDS, type ListingDetail } from '@common/schemas/listings';
import { paths } from '@common/routes';
import { api, ApiClientError } from '@client/lib/api';
import { Button } from '@client/components/ui/button';
import { Alert, CheckboxField, SelectField, TextAreaField, TextField } from '@client/components/ui/field';
import { useSession } from '@client/features/session';
import { PhotoUploader, storedItem, type PhotoItem } from '@client/features/photos';
import { issuesByField, useErrorText } from '@client/lib/form-errors';
import { queryKeys } from '@client/lib/query-keys';

type Values = {
  title: string;
  description: string;
  price: string;
  negotiable: boolean;
  referralAmount: string;
  category: string;
  condition: string;
  make: string;
  model: string;
  yearStart: string;
  yearEnd: string;
  location: string;
  verification: boolean;
  partId: string;
  partBrand: string;
  partBrandOther: string;
  productUrl: string;
};

function initialValues(listing?: ListingDetail): Values {
  return {
    title: listing?.title ?? '',
    description: listing?.description ?? '',
    price: listing?.price ?? '',
    negotiable: listing?.negotiable ?? true,
    referralAmount: listing?.referralAmount ?? '',
    category: listing?.category ?? '',
    condition: listing?.condition ?? '',
    make: listing?.make ?? '',
    model: listing?.model ?? '',
    yearStart: listing?.yearStart ? String(listing.yearStart) : '',
    yearEnd: listing?.yearEnd ? String(listing.yearEnd) : '',
    location: listing?.location ?? '',
    verification: Boolean(listing?.partId || listing?.partBrand || listing?.storedReceipt),
    partId: listing?.partId ?? '',
    partBrand: listing?.partBrand ?? '',
    partBrandOther: listing?.partBrandOther ?? '',
    productUrl: listing?.productUrl ?? '',
  };
}

/** Create (/create) and edit (/listing/{id}/edit): every field of the spec, all saved. */
export function ListingForm({ listing }: { listing?: ListingDetail }) {
  const { t } = useTranslation(['market', 'common', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [values, setValues] = useState<Values>(() => initialValues(listing));
  const [errors, setErrors] = useState<Record<string, string>>({});
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
  const [submitting, setSubmitting] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const plan = user && isPlan(user.plan) ? user.plan : 'bronze';
  const canUseAi = PLAN_DETAILS[plan].aiAssist;

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };
  const message = useErrorText();

  const uploading = [...photos, ...receipt].some((item) => !item.photo);

  const payload = () => ({
    ...values,
    partBrand: values.partBrand || null,
    photos: photos.flatMap((item) => (item.photo ? [item.photo] : [])),
    receiptImage: receipt[0]?.photo ?? null,
  });

  const generate = async () => {
    if (!canUseAi) {
      toast.error(t('form.ai.upgradeRequired'), { description: t('PLAN_REQUIRED', { ns: 'errors' }) });
      return;
    }
    if (!values.category || !values.make || !values.model) {
      toast.info(t('form.ai.needsFields'));
      return;
    }
    setGenerating(true);
    try {
      const draft = await api<{ title: string; description: string }>('/listings/ai-draft', {
        body: {
          category: values.category,
          condition: values.condition || undefined,
          make: values.make,
          model: values.model,
          yearStart: values.yearStart || undefined,
          yearEnd: values.yearEnd || undefined,
          partBrand:
            values.partBrand === 'Other' ? values.partBrandOther || undefined : values.partBrand || undefined,
          partId: values.partId || undefined,
        },
      });
      setValues((current) => ({ ...current, title: draft.title, description: draft.description }));
      toast.success(t('form.ai.done'));
    } catch (error) {
      toast.error(t('form.ai.failed'), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setGenerating(false);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPlanLimit(null);
    const parsed = ListingInputSchema.safeParse(payload());
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      toast.error(t('form.required'));
      return;
    }
    setSubmitting(true);
    try {
      const saved = listing
        ? await api<ListingDetail>(`/listings/${listing.id}`, { method: 'PUT', body: payload() })
        : await api<ListingDetail>('/listings', { body: payload() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      toast.success(listing ? t('form.saved') : t('form.created'));
      void navigate(listing ? paths.listing.href(saved.id) : paths.dashboard.href());
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'PLAN_LIMIT') setPlanLimit(error.message);
      if (error instanceof ApiClientError && error.code === 'VALIDATION_ERROR') setErrors(error.fields);
      toast.error(t('form.createError'), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSubmitting(false);
    }
  };

  const section = 'space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
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
          <Button variant="secondary" size="sm" disabled={generating} onClick={() => void generate()}>
            <Sparkles aria-hidden className="size-4" />
            {generating ? t('form.ai.generating') : t('form.ai.button')}
          </Button>
        </div>
        {!canUseAi ? <p className="text-sm text-slate-600">{t('PLAN_REQUIRED', { ns: 'errors' })}</p> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="category"
            label={t('form.category')}
            placeholder={t('form.chooseCategory')}
            options={CATEGORIES}
            optionLabel={(c) => t(`catalog.categories.${c}`, { ns: 'common' })}
            value={values.category}
            error={message(errors.category)}
            onChange={(event) => set('category', event.target.value)}
          />
          <SelectField
            name="condition"
            label={t('form.condition')}
            placeholder={t('form.chooseCondition')}
            options={CONDITIONS}
            optionLabel={(c) => t(`conditions.${c}`)}
            value={values.condition}
            error={message(errors.condition)}
            onChange={(event) => set('condition', event.target.value)}
          />
        </div>
        <TextField
          label={`${t('form.title')} *`}
          value={values.title}
          maxLength={120}
          required
          error={message(errors.title)}
          onChange={(event) => set('title', event.target.value)}
        />
        <TextAreaField
          label={t('form.description')}
          rows={6}
          maxLength={5000}
          value={values.description}
          error={message(errors.description)}
          onChange={(event) => set('description', event.target.value)}
        />
      </section>

      <section className={section}>
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.fitment')}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="make"
            label={t('form.make')}
            placeholder={t('form.chooseMake')}
            options={MAKES}
            optionLabel={(m) => (m === 'Other' ? t('catalog.categories.other', { ns: 'common' }) : m)}
            value={values.make}
            error={message(errors.make)}
            onChange={(event) => set('make', event.target.value)}
          />
          <TextField
            label={`${t('form.model')} *`}
            value={values.model}
            maxLength={80}
            required
            error={message(errors.model)}
            onChange={(event) => set('model', event.target.value)}
          />
          <TextField
            label={t('form.yearStart')}
            inputMode="numeric"
            value={values.yearStart}
            error={message(errors.yearStart)}
            onChange={(event) => set('yearStart', event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
          <TextField
            label={t('form.yearEnd')}
            inputMode="numeric"
            value={values.yearEnd}
            error={message(errors.yearEnd)}
            onChange={(event) => set('yearEnd', event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </div>
      </section>

      <section className={section}>
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.pricing')}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={`${t('form.price')} *`}
            inputMode="decimal"
            value={values.price}
            required
            error={message(errors.price)}
            onChange={(event) => set('price', event.target.value)}
          />
          <TextField
            label={t('form.location')}
            placeholder={t('form.locationPlaceholder')}
            value={values.location}
            maxLength={120}
            onChange={(event) => set('location', event.target.value)}
          />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('form.pricingLabel')}</legend>
          <div className="flex flex-wrap gap-4">
            {[true, false].map((negotiable) => (
              <label key={String(negotiable)} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="negotiable"
                  className="size-4 accent-brand-600"
                  checked={values.negotiable === negotiable}
                  onChange={() => set('negotiable', negotiable)}
                />
                {negotiable ? t('form.negotiable') : t('form.firm')}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('form.referral')}
          hint={t('form.referralHint')}
          inputMode="decimal"
          value={values.referralAmount}
          error={message(errors.referralAmount)}
          onChange={(event) => set('referralAmount', event.target.value)}
        />
      </section>

      <section className={section}>
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.photos')}</h2>
        <PhotoUploader items={photos} onChange={setPhotos} label={t('form.addPhotos')} />
        {errors.photos ? <p className="text-sm text-red-700">{message(errors.photos)}</p> : null}
      </section>

      <section className={section}>
        <CheckboxField
          label={<span className="font-semibold">{t('form.verificationToggle')}</span>}
          checked={values.verification}
          aria-expanded={values.verification}
          onChange={(event) => set('verification', event.target.checked)}
        />
        <p className="text-sm text-slate-600">{t('form.verificationHint')}</p>
        {values.verification ? (
          <div className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={`${t('form.partId')} *`}
                value={values.partId}
                maxLength={80}
                error={message(errors.partId)}
                onChange={(event) => set('partId', event.target.value)}
              />
              <SelectField
                name="partBrand"
                label={t('form.partBrand')}
                placeholder={t('form.chooseBrand')}
                options={PART_BRANDS}
                optionLabel={(b) => (b === 'Other' ? t('catalog.categories.other', { ns: 'common' }) : b)}
                value={values.partBrand}
                error={message(errors.partBrand)}
                onChange={(event) => set('partBrand', event.target.value)}
              />
            </div>
            {values.partBrand === 'Other' ? (
              <TextField
                label={`${t('form.partBrandOther')} *`}
                value={values.partBrandOther}
                maxLength={80}
                error={message(errors.partBrandOther)}
                onChange={(event) => set('partBrandOther', event.target.value)}
              />
            ) : null}
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-800">{t('form.receipt')} *</p>
              <p className="mb-2 text-sm text-slate-600">{t('form.receiptHint')}</p>
              <PhotoUploader items={receipt} onChange={setReceipt} max={1} label={t('form.addReceipt')} />
              {errors.receiptImage ? (
                <p className="mt-1.5 text-sm text-red-700">{message(errors.receiptImage)}</p>
              ) : null}
            </div>
          </div>
        ) : null}
        <TextField
          label={t('form.productUrl')}
          type="url"
          placeholder={t('form.urlPlaceholder')}
          value={values.productUrl}
          maxLength={500}
          error={message(errors.productUrl)}
          onChange={(event) => set('productUrl', event.target.value)}
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
