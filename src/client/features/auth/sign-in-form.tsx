import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@client/lib/toast';
import { SignInSchema, type SessionUser } from '@common/schemas/auth';
import { SecondStepForm } from './second-step-form';
import { paths } from '@common/routes';
import { useSignIn } from './api';
import { Button } from '@client/components/ui/button';
import { Alert, CheckboxField, TextField } from '@client/components/ui/field';
import { fieldMessage } from '@client/lib/form-errors';
import { useSchemaForm } from '@client/lib/form';
import { useSignInFailure } from './sign-in-failure';

export function SignInForm({
  defaultEmail,
  onSignedIn,
  secondStep = false,
}: {
  defaultEmail: string;
  onSignedIn: (user: SessionUser) => void;
  /** A provider's sign-in came back asking for the code (two-step sign-in). */
  secondStep?: boolean;
}) {
  const [codeAsked, setCodeAsked] = useState(secondStep);
  return codeAsked ? (
    <SecondStepForm onSignedIn={onSignedIn} onExpired={() => setCodeAsked(false)} />
  ) : (
    <PasswordStep
      defaultEmail={defaultEmail}
      onSignedIn={onSignedIn}
      onCodeAsked={() => setCodeAsked(true)}
    />
  );
}

function PasswordStep({
  defaultEmail,
  onSignedIn,
  onCodeAsked,
}: {
  defaultEmail: string;
  onSignedIn: (user: SessionUser) => void;
  onCodeAsked: () => void;
}) {
  const { t } = useTranslation('auth');
  const { failure, clear, show } = useSignInFailure();
  const form = useSchemaForm(SignInSchema, {
    defaultValues: { email: defaultEmail, password: '', keepSignedIn: false },
  });
  const { errors, isSubmitting } = form.formState;
  const signIn = useSignIn();

  const submit = form.handleSubmit(async (values) => {
    clear();
    try {
      const result = await signIn.mutateAsync(values);
      if ('user' in result) {
        if (result.restored) toast.success(t('signIn.restored'));
        onSignedIn(result.user);
      } else onCodeAsked();
    } catch (error) {
      show(form, error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        label={t('signIn.email')}
        type="email"
        autoComplete="email"
        error={fieldMessage(errors.email?.message, t)}
        {...form.register('email')}
      />
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        error={fieldMessage(errors.password?.message, t)}
        {...form.register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CheckboxField label={t('signIn.keepSignedIn')} {...form.register('keepSignedIn')} />
        <Link to={paths.forgotPassword.href()} className="text-sm font-medium text-brand-700 hover:underline">
          {t('signIn.forgot')}
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
    </form>
  );
}
