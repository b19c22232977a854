import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { KeyRound } from 'lucide-react';
import { TwoFactorCodeSchema, type SessionUser } from '@common/schemas/auth';
import { ApiClientError } from '@client/lib/api';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { fieldMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { useSecondStep } from './api';
import { authErrorMessage } from './messages';

const SecondStepFormSchema = z.object({ code: TwoFactorCodeSchema });

/**
 * The second step of a sign-in: the code the authenticator app shows, or one of the recovery codes.
 * A sign-in that waited too long goes back to the password.
 */
export function SecondStepForm({
  onSignedIn,
  onExpired,
}: {
  onSignedIn: (user: SessionUser) => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  const secondStep = useSecondStep();
  const form = useSchemaForm(SecondStepFormSchema, { defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      const { user, restored } = await secondStep.mutateAsync(code);
      if (restored) toast.success(t('signIn.restored'));
      onSignedIn(user);
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'SIGN_IN_EXPIRED') {
        toast.error(t('secondStep.expired'));
        onExpired();
        return;
      }
      if (!showServerErrors(form, error))
        toast.error(t('errors.signInFailed'), { description: authErrorMessage(error, t) });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <div>
          <h2 className="font-semibold text-slate-900">{t('secondStep.title')}</h2>
          <p>{t(recovery ? 'secondStep.recoveryBody' : 'secondStep.body')}</p>
        </div>
      </div>
      <TextField
        key={recovery ? 'recovery' : 'app'}
        label={t(recovery ? 'secondStep.recoveryCode' : 'secondStep.code')}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="characters"
        autoFocus
        maxLength={32}
        error={fieldMessage(errors.code?.message, t)}
        {...form.register('code')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('secondStep.submitting') : t('secondStep.submit')}
      </Button>
      <Button
        variant="link"
        className="w-full"
        onClick={() => {
          form.reset({ code: '' });
          setRecovery(!recovery);
        }}
      >
        {t(recovery ? 'secondStep.useApp' : 'secondStep.useRecovery')}
      </Button>
    </form>
  );
}
