import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { SignUpSchema } from '@common/schemas/auth';
import { paths } from '@common/routes';
import { useSignUp } from './api';
import { currentLanguage } from '@client/lib/i18n';
import { Button } from '@client/components/ui/button';
import { CheckboxField, TextField } from '@client/components/ui/field';
import { NewPasswordField } from './new-password-field';
import { rememberWhereTo } from './after-sign-up';
import { fieldMessage } from '@client/lib/form-errors';
import { authErrorMessage } from './messages';
import { showServerErrors, useSchemaForm } from '@client/lib/form';

/** `redirect`: where the visitor was going, for after the confirmation (`rememberWhereTo`). */
export function SignUpForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useSchemaForm(SignUpSchema, {
    // Checked on submit, then as the member corrects: an error appearing on blur would move the
    // submit button from under the pointer.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      keepSignedIn: false,
    },
  });
  const { errors, isSubmitting, dirtyFields, isSubmitted } = form.formState;
  const signUp = useSignUp();
  const password = useWatch({ control: form.control, name: 'password' });
  const showRequirements = Boolean(dirtyFields.password) || isSubmitted;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await signUp.mutateAsync({ ...values, language: currentLanguage() });
        rememberWhereTo(redirect);
        await new Promise((resolve) => setTimeout(resolve, 500));
        void navigate(paths.emailConfirmation.href({ email: values.email }));
      } catch (error) {
        showServerErrors(form, error);
        toast.error(t('errors.signUpFailed'), { description: authErrorMessage(error, t) });
      }
    },
    (invalid) => {
      if (invalid.confirmPassword?.message === 'validation.passwordMismatch') {
        toast.error(t('validation.passwordMismatch', { ns: 'errors' }));
      }
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField
        label={t('signUp.email')}
        type="email"
        autoComplete="email"
        required
        error={fieldMessage(errors.email?.message, t)}
        {...form.register('email')}
      />
      <NewPasswordField
        label={t('signUp.password')}
        password={password}
        showRules={showRequirements}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label={t('signUp.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={fieldMessage(errors.confirmPassword?.message, t)}
        {...form.register('confirmPassword')}
      />
      <CheckboxField label={t('signUp.keepSignedIn')} {...form.register('keepSignedIn')} />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('signUp.submitting') : t('signUp.submit')}
      </Button>
      <p className="text-center text-xs text-slate-600">
        <Trans
          t={t}
          i18nKey="signUp.terms"
          components={{
            terms: <Link to={paths.terms.href()} className="underline" />,
            privacy: <Link to={paths.privacy.href()} className="underline" />,
          }}
        />
      </p>
    </form>
  );
}
