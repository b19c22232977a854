import { useTranslation } from 'react-i18next';
import { REPORT_NOTE_MAX, REPORT_REASONS, ReportSchema, type ReportKind } from '@common/schemas/trust';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { TextAreaField } from '@client/components/ui/field';
import { FormDialog } from '@client/components/ui/modal';
import { useReport } from './api';
import { WaitingInput } from '@client/components/ui/waiting';

/** "Report …": a reason from the list and an optional note, for the moderators' queue. */
export function ReportDialog({
  kind,
  targetId,
  open,
  onOpenChange: setOpen,
}: {
  kind: ReportKind;
  targetId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('trust');
  const report = useReport();
  const message = useErrorText();
  const form = useSchemaForm(ReportSchema, { defaultValues: { kind, targetId, note: '' } });
  const reasonError = message(form.formState.errors.reason?.message);

  const submit = form.handleSubmit(async (input) => {
    try {
      await report.mutateAsync(input);
      toast.success(t('report.sent'), { description: t('report.sentBody') });
      form.reset({ kind, targetId, note: '' });
      setOpen(false);
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('report.error'), { description: errorMessage(error, t) });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={t(`report.title.${kind}`)}
      description={t('report.description')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
        <fieldset aria-describedby={reasonError ? 'report-reason-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('report.reasonLegend')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {REPORT_REASONS.map((reason) => (
              <label
                key={reason}
                className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <WaitingInput
                  type="radio"
                  value={reason}
                  className="size-4 accent-brand-600"
                  {...form.register('reason')}
                />
                {t(`report.reasons.${reason}`)}
              </label>
            ))}
          </div>
          {reasonError ? (
            <p id="report-reason-error" className="mt-2 text-sm text-red-700">
              {reasonError}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label={t('report.noteLabel')}
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          placeholder={t('report.notePlaceholder')}
          error={message(form.formState.errors.note?.message)}
          {...form.register('note')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('report.sending') : t('report.send')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
