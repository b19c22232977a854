import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { paths } from '@common/routes';
import { EmailRequestSchema } from '@common/schemas/auth';
import { ApiClientError } from '@client/lib/api';
import { useForgotPassword } from './api';
import { currentLanguage } from '@client/lib/i18n';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { fieldMessage } from '@client/lib/form-errors';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { authErrorMessage } from './messages';

const ForgotPasswordFormSchema = EmailRequestSchema.pick({ email: true });

/** Asks for a reset link (on /forgot-password and /password-reset), then says to check the inbox. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const form = useSchemaForm(ForgotPasswordFormSchema, { defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async ({ email }) => {
      try {
        await forgot.mutateAsync({ email, language: currentLanguage() });
        setSentTo(email);
        toast.success(t('forgot.sentToast'));
      } catch (failure) {
        if (showServerErrors(form, failure)) return;
        if (failure instanceof ApiClientError && failure.code === 'NETWORK_ERROR')
          toast.error(t('forgot.networkError'));
        // The request failed (refused, or the server is down): the server's reason as the description.
        else toast.error(t('forgot.failed'), { description: authErrorMessage(failure, t) });
      }
    },
    (invalid) => {
      if (invalid.email?.message === 'validation.emailRequired')
        toast.error(t('forgot.emailRequired'), { description: t('forgot.emailRequiredBody') });
    },
  );

  if (sentTo) {
    return (
      <div className="text-center" role="status">
        <MailCheck aria-hidden className="mx-auto size-12 text-brand-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('forgot.sentTitle')}</h1>
        <p className="mt-3 text-slate-700">
          <Trans t={t} i18nKey="forgot.sentBody" components={{ email: <strong>{sentTo}</strong> }} />
        </p>
        <p className="mt-3 text-sm text-slate-600">{t('forgot.newestOnly')}</p>
        <p className="mt-2 text-sm text-slate-600">{t('forgot.spam')}</p>
        <Link
          to={paths.auth.href({ mode: 'signin' })}
          className="mt-6 inline-block font-medium text-brand-700 hover:underline"
        >
          {t('forgot.back')}
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <h1 className="text-2xl font-bold text-slate-900">{t('forgot.title')}</h1>
      <p className="mt-2 text-slate-600">{t('forgot.subtitle')}</p>
      <TextField
        className="mt-6"
        label={t('forgot.email')}
        type="email"
        autoComplete="email"
        required
        error={fieldMessage(errors.email?.message, t)}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" className="mt-6 w-full" disabled={isSubmitting}>
        {isSubmitting ? t('forgot.sending') : t('forgot.submit')}
      </Button>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.auth.href({ mode: 'signin' })} className="font-medium text-brand-700 hover:underline">
          {t('forgot.back')}
        </Link>
      </p>
    </form>
  );
}
