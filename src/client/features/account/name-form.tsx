import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberNameSchema } from '@common/schemas/account';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { useSaveName } from './api';
import { NameFields } from './name-fields';

/** The names a member gives once (see `NameGate`): saved, the session shows them and the gate opens. */
export default function NameForm() {
  const { t } = useTranslation('account');
  const heading = useId();
  const message = useErrorText();
  const save = useSaveName();
  const form = useSchemaForm(MemberNameSchema, { defaultValues: { firstName: '', lastName: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('saveFailed'), { description: errorMessage(error, t) });
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={heading}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="space-y-1">
        <h2 id={heading} className="text-lg font-semibold text-slate-900">
          {t('nameFirst.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('nameFirst.body')}</p>
      </div>
      <NameFields
        first={form.register('firstName')}
        last={form.register('lastName')}
        errors={{
          firstName: message(errors.firstName?.message),
          lastName: message(errors.lastName?.message),
        }}
        autoFocus
      />
      <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t('saving') : t('nameFirst.continue')}
      </Button>
    </form>
  );
}
