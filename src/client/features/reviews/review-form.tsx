import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import { REVIEW_TEXT_MAX, WriteReviewSchema } from '@common/schemas/reviews';
import { cn } from '@client/lib/cn';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { TextAreaField } from '@client/components/ui/field';
import { useWriteReview } from './api';
import { WaitingInput } from '@client/components/ui/waiting';

/**
 * The review of the other side of a sale: 1 to 5 stars and a few words. On the seller's review panel,
 * and in the dialog of the buyer's "Leave a review" card (`onWritten` closes it).
 */
export function ReviewForm({ listingId, onWritten }: { listingId: string; onWritten?: () => void }) {
  const { t } = useTranslation(['reviews', 'market', 'errors']);
  const write = useWriteReview(listingId);
  const message = useErrorText();
  const form = useSchemaForm(WriteReviewSchema, { defaultValues: { rating: 0, text: '' } });
  const rating = useWatch({ control: form.control, name: 'rating' });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await write.mutateAsync(input);
      toast.success(t('panel.sent'), { description: t('panel.sentBody') });
      onWritten?.();
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('panel.error'), { description: errorMessage(error, t) });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 space-y-3">
      <fieldset aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend className="mb-1 font-medium text-slate-800">{t('panel.starsLegend')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded p-0.5 focus-within:ring-2 focus-within:ring-brand-500"
            >
              <WaitingInput
                type="radio"
                name="rating"
                value={n}
                className="sr-only"
                checked={rating === n}
                onChange={() => form.setValue('rating', n, { shouldValidate: form.formState.isSubmitted })}
              />
              <span className="sr-only">{t('market:rating.stars', { count: n })}</span>
              <Star
                aria-hidden
                className={cn(
                  'size-7',
                  n <= (rating ?? 0) ? 'fill-amber-400 text-amber-500' : 'text-slate-400',
                )}
              />
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="review-rating-error" className="mt-1 text-sm text-red-700">
            {message(errors.rating.message)}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={t('panel.textLabel')}
        rows={3}
        maxLength={REVIEW_TEXT_MAX}
        placeholder={t('panel.textPlaceholder')}
        error={message(errors.text?.message)}
        {...form.register('text')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('panel.sending') : t('panel.send')}
      </Button>
    </form>
  );
}
