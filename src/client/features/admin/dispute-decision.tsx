import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { DecideDisputeSchema, type DecideDisputeInput } from '@common/schemas/disputes';
import { formatPrice } from '@common/i18n/format';
import { parseDollars } from '@common/schemas/money';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { RadioCard } from '@client/components/ui/radio-card';
import { useDecideDispute } from './api';

const OUTCOMES = [
  'refund_full',
  'refund_partial',
  'release',
] as const satisfies readonly DecideDisputeInput['outcome'][];

/**
 * The desk's decision on a members' dispute: a full refund, a partial refund (typed in dollars, less
 * than the order's total) or release to the seller, with the note both sides read. Validated by the
 * shared schema the server validates with; on success, back to the queue.
 */
export function DisputeDecision({
  disputeId,
  totalCents,
  onDecided,
}: {
  disputeId: string;
  totalCents: number;
  onDecided: () => void;
}) {
  const { t } = useTranslation('admin');
  const message = useErrorText();
  const decide = useDecideDispute(disputeId);
  const total = formatPrice(totalCents, { cents: true });
  // The server refuses a partial refund of the whole total or more (REFUND_TOO_LARGE): said here first.
  const schema = useMemo(
    () =>
      DecideDisputeSchema.superRefine((decision, ctx) => {
        if (decision.outcome === 'refund_partial' && decision.refundCents >= totalCents)
          ctx.addIssue({ code: 'custom', path: ['refundCents'], message: 'tooLarge' });
      }),
    [totalCents],
  );
  const form = useSchemaForm(schema, { defaultValues: { note: '' } as never });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const errors = form.formState.errors as Partial<
    Record<'outcome' | 'refundCents' | 'note', { message?: string }>
  >;
  const submit = form.handleSubmit(async (decision) => {
    try {
      await decide.mutateAsync(decision);
      toast.success(t('disputes.decide.done'));
      onDecided();
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('disputes.decide.failed'), { description: errorMessage(error, t) });
    }
  });
  const amountError =
    errors.refundCents?.message === 'tooLarge'
      ? t('disputes.decide.tooLarge', { total })
      : message(errors.refundCents?.message);

  return (
    <section aria-labelledby="dispute-decision" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h3 id="dispute-decision" className="font-semibold text-slate-900">
        {t('disputes.decide.heading')}
      </h3>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 space-y-4">
        <fieldset
          aria-describedby={errors.outcome ? 'dispute-outcome-error' : undefined}
          className="space-y-2"
        >
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('disputes.decide.outcome')}</legend>
          {OUTCOMES.map((value) => (
            <RadioCard
              key={value}
              value={value}
              title={t(`disputes.decide.outcomes.${value}`)}
              detail={t(`disputes.decide.explain.${value}`, { total })}
              {...form.register('outcome')}
            />
          ))}
          {errors.outcome ? (
            <p id="dispute-outcome-error" className="text-sm text-red-700">
              {t('disputes.decide.chooseOutcome')}
            </p>
          ) : null}
        </fieldset>
        {outcome === 'refund_partial' ? (
          <TextField
            label={t('disputes.decide.amount')}
            inputMode="decimal"
            autoComplete="off"
            hint={t('disputes.decide.amountHint', { total })}
            error={amountError}
            {...form.register('refundCents', {
              // Typed in dollars, sent in cents; empty is "required", anything else unreadable is "invalid".
              setValueAs: (typed: unknown) =>
                typeof typed !== 'string' || typed.trim() === '' ? undefined : (parseDollars(typed) ?? NaN),
            })}
          />
        ) : null}
        <TextAreaField
          label={t('disputes.decide.note')}
          rows={4}
          maxLength={1000}
          error={message(errors.note?.message)}
          {...form.register('note')}
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('disputes.decide.submit')}
        </Button>
      </form>
    </section>
  );
}
