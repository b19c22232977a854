import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignInSchema, type SessionUser } from '@common/schemas/auth';
import { paths } from '@common/routes';
import { useSignIn } from './api';
import { Button } from '@client/components/ui/button';
import { Alert, TextField } from '@client/components/ui/field';
import { fieldMessage } from '@client/lib/form-errors';
import { useSchemaForm } from '@client/lib/form';
import { useSignInFailure } from './sign-in-failure';

const FinishSchema = SignInSchema.pick({ password: true });

/**
 * The emailed link opened in a browser other than the one that signed up (a phone's mail app): the
 * password chosen at sign-up finishes the account here, and this browser is signed in. The link alone
 * claims nothing (the server makes the account only with both).
 */
export function FinishSignUpForm({
  email,
  onSignedIn,
}: {
  email: string;
  onSignedIn: (user: SessionUser) => void;
}) {
  const { t } = useTranslation('auth');
  const { failure, clear, show } = useSignInFailure();
  const form = useSchemaForm(FinishSchema, { defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;
  const signIn = useSignIn();

  const submit = form.handleSubmit(async ({ password }) => {
    clear();
    try {
      const result = await signIn.mutateAsync({ email, password, keepSignedIn: false });
      // A new account has no second step; were one asked, the sign-in page takes it from here.
      if ('user' in result) onSignedIn(result.user);
    } catch (error) {
      show(form, error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 space-y-4 text-left">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {/* The address the link is for, for password managers and for the member to see. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={t('confirmSignup.password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        error={fieldMessage(errors.password?.message, t)}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('confirmSignup.finishing') : t('confirmSignup.finish')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('confirmSignup.forgotChosen')}{' '}
        <Link to={paths.auth.href({ mode: 'signup' })} className="font-medium text-brand-700 hover:underline">
          {t('confirmSignup.signUpAgain')}
        </Link>
      </p>
    </form>
  );
}
