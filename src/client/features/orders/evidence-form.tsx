import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { EVIDENCE_PHOTOS } from '@common/schemas/returns';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { PhotoUploader, type PhotoItem } from '@client/features/photos';

/**
 * A member's evidence: the form's own fields (its children), then up to 6 photos, copied into the
 * form's `photos` as it is sent, their error, and Send (which waits for the uploads) and Cancel.
 * Says how sending went; a refused field's message is shown on the field.
 */
export function EvidenceForm<Input extends FieldValues, Output extends FieldValues>({
  form,
  label,
  send,
  sent,
  submitLabel,
  clearWhenSent = false,
  onCancel,
  children,
}: {
  form: UseFormReturn<Input, unknown, Output>;
  /** The form's accessible name. */
  label: string;
  send: (input: Output) => Promise<unknown>;
  /** What the toast says once it is sent. */
  sent: string;
  submitLabel: string;
  /** Empties the form and its photos once sent, for a form that stays on the page. */
  clearWhenSent?: boolean;
  /** Closes the form; without it there is no Cancel. */
  onCancel?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(['orders', 'errors']);
  const message = useErrorText();
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const uploading = photos.some((item) => !item.photo);
  const { isSubmitting } = form.formState;
  const errors = form.formState.errors as FieldErrors<{ photos: unknown }>;
  const submit = form.handleSubmit(async (input) => {
    try {
      await send(input);
      if (clearWhenSent) {
        form.reset();
        setPhotos([]);
      }
      toast.success(sent);
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('actions.failed'), { description: errorMessage(error, t) });
    }
  });
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    form.setValue(
      'photos' as Path<Input>,
      photos.flatMap((item) => (item.photo ? [item.photo] : [])) as PathValue<Input, Path<Input>>,
    );
    void submit(event);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={label}>
      {children}
      <PhotoUploader
        items={photos}
        onChange={setPhotos}
        max={EVIDENCE_PHOTOS}
        ordered={false}
        label={t('evidence.addPhotos')}
        hint={t('evidence.photosHint', { max: EVIDENCE_PHOTOS })}
      />
      {errors.photos ? <p className="text-sm text-red-700">{message(errors.photos.message)}</p> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting || uploading}>
          {uploading ? t('evidence.waitingForUploads') : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('evidence.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The button that opens an evidence form in its place (asking for a return, opening a dispute). The
 * form gets how to close itself; closing it without sending puts the focus back on the button.
 */
export function EvidenceFormOpener({
  label,
  children: renderForm,
}: {
  label: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return open ? (
    renderForm(() => setOpen(false))
  ) : (
    <Button variant="secondary" ref={button} onClick={() => setOpen(true)}>
      {label}
    </Button>
  );
}
