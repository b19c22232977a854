import { useTranslation } from 'react-i18next';
import { OfferFormSchema, OFFER_NOTE_MAX } from '@common/schemas/offers';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { TextAreaField, TextField } from '@client/components/ui/field';

/** The amount (typed in dollars, sent in cents) and note form of an offer or a counter-offer. */
export default function OfferForm({
  amountLabel,
  noteLabel,
  notePlaceholder,
  submitLabel,
  errorTitle,
  onSubmit,
  onCancel,
}: {
  amountLabel: string;
  noteLabel: string;
  notePlaceholder?: string;
  submitLabel: string;
  /** The failure toast's title (its text is the server's message). */
  errorTitle: string;
  onSubmit: (input: { amountCents: number; note: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('offers');
  const message = useErrorText();
  const form = useSchemaForm(OfferFormSchema, { defaultValues: { amount: '', note: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit({ amountCents: input.amount, note: input.note });
      form.reset({ amount: '', note: '' });
    } catch (error) {
      showServerErrors(form, error, { amountCents: 'amount' });
      toast.error(errorTitle, { description: errorMessage(error, t) });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField
        label={amountLabel}
        inputMode="decimal"
        autoComplete="off"
        error={message(errors.amount?.message)}
        {...form.register('amount')}
      />
      <TextAreaField
        label={noteLabel}
        rows={3}
        maxLength={OFFER_NOTE_MAX}
        placeholder={notePlaceholder}
        error={message(errors.note?.message)}
        {...form.register('note')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('sending') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
