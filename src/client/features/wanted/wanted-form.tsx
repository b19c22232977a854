import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { WantedDetail } from '@common/schemas/wanted';
import { paths } from '@common/routes';
import { toast } from '@client/lib/toast';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/field';
import { PhotoUploader, storedItem, type PhotoItem } from '@client/features/photos';
import { useSaveWanted } from './api';
import { WantedFormSchema, wantedInputFromForm } from '@common/schemas/wanted';
import { initialValues } from './form-values';
import { PartNumbersField, addProblem } from './part-numbers-field';
import { FitmentFields, PartFields, sectionClass } from './wanted-form-part';
import { PlaceSection, TermsSection } from './wanted-form-terms';

/** The API's price field, as the form names it (typed in dollars). */
const SERVER_FIELDS: Record<string, string> = { maxPriceCents: 'maxPrice' };

/**
 * Post a wanted part (/parts-wanted/new) and edit one (/parts-wanted/{id}/edit): a photo, the part,
 * what it is for (or one of the member's vehicles), its numbers, the conditions and price that will do,
 * and where. Validated by the schema the server uses; on success, to the post's page.
 */
export function WantedForm({ post }: { post?: WantedDetail }) {
  const { t } = useTranslation(['wanted', 'market', 'errors']);
  const navigate = useNavigate();
  const save = useSaveWanted(post?.id);
  const form = useSchemaForm(WantedFormSchema, { defaultValues: initialValues(post) });
  const { isSubmitting: submitting, errors } = form.formState;
  const [photo, setPhoto] = useState<PhotoItem[]>(() =>
    post?.storedPhoto ? [storedItem(post.storedPhoto, post.photo?.sources[0]?.url ?? '')] : [],
  );
  const [draftNumber, setDraftNumber] = useState('');
  const partNumberInput = useRef<HTMLInputElement>(null);
  const [limit, setLimit] = useState<string | null>(null);
  const uploading = photo.some((item) => !item.photo);

  const submit = form.handleSubmit(
    async () => {
      setLimit(null);
      try {
        const saved = await save.mutateAsync(wantedInputFromForm(form.getValues()));
        toast.success(post ? t('form.saved') : t('form.posted'));
        void navigate(paths.partsWantedPost.href(saved.id));
      } catch (error) {
        if (error instanceof ApiClientError && error.code === 'WANTED_LIMIT') setLimit(error.message);
        showServerErrors(form, error, SERVER_FIELDS);
        toast.error(post ? t('form.saveError') : t('form.postError'), {
          description: errorMessage(error, t),
        });
      }
    },
    () => toast.error(t('form.invalid')),
  );

  /** The photo, and a part number typed but not added, join the values as the form is sent. */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = draftNumber.trim();
    if (typed) {
      const numbers = form.getValues('partNumbers') ?? [];
      const problem = addProblem(typed, numbers);
      if (problem) {
        form.setError('partNumbers', { type: 'manual', message: problem });
        partNumberInput.current?.focus();
        return;
      }
      form.setValue('partNumbers', [...numbers, typed]);
      setDraftNumber('');
    }
    form.setValue('photo', photo[0]?.photo ?? null);
    void submit(event);
  };

  const numberErrors = errors.partNumbers;
  const itemErrors = Array.isArray(numberErrors)
    ? Array.from(numberErrors as ({ message?: string } | undefined)[], (item) => item?.message)
    : [];

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {limit ? (
        <Alert tone="error">
          {limit}{' '}
          <Link to={paths.partsWanted.href({ mine: '1' })} className="font-semibold underline">
            {t('form.seeMine')}
          </Link>
        </Alert>
      ) : null}

      <section className={sectionClass}>
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.part')}</h2>
        <PartFields form={form} />
      </section>

      <section className={sectionClass}>
        <FitmentFields form={form} />
        <Controller
          control={form.control}
          name="partNumbers"
          render={({ field }) => (
            <PartNumbersField
              value={field.value ?? []}
              onChange={(numbers) => {
                form.clearErrors('partNumbers');
                field.onChange(numbers);
              }}
              draft={draftNumber}
              onDraftChange={setDraftNumber}
              errors={{ message: numberErrors?.message, items: itemErrors }}
              inputRef={(element) => {
                partNumberInput.current = element;
                field.ref(element);
              }}
            />
          )}
        />
      </section>

      <TermsSection form={form} />
      <PlaceSection form={form} />

      <section className={sectionClass}>
        <h2 className="text-lg font-semibold text-slate-900">{t('form.sections.photo')}</h2>
        <p className="text-sm text-slate-600">{t('form.photoHint')}</p>
        <PhotoUploader items={photo} onChange={setPhoto} max={1} label={t('form.addPhoto')} />
      </section>

      <p className="text-sm text-slate-600">{t('form.requiredNote')}</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="secondary" size="lg">
          <Link to={post ? paths.partsWantedPost.href(post.id) : paths.partsWanted.href()}>
            {t('form.cancel')}
          </Link>
        </Button>
        <Button type="submit" size="lg" disabled={submitting || uploading}>
          {submitting
            ? post
              ? t('form.saving')
              : t('form.posting')
            : uploading
              ? t('form.waitingForUpload')
              : post
                ? t('form.save')
                : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
