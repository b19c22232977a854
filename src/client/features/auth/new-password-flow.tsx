import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { NewPasswordFormSchema } from '@common/schemas/auth';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { useCheckResetLink, useResetPassword } from './api';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { useSession } from '@client/features/session';
import { NewPasswordField } from './new-password-field';
import { fieldMessage } from '@client/lib/form-errors';
import { authErrorMessage } from './messages';
import { showServerErrors, useSchemaForm } from '@client/lib/form';

type State = 'validating' | LinkProblem | 'form' | 'success';
/** Why the page cannot set a password: no link in the address, or one the server refused. */
export type LinkProblem = 'missing' | 'invalid';

/**
 * Checks a reset link, shows the new-password form, and sets the password. Opening the link signs
 * nobody in; success ends every session, here too.
 */
export function NewPasswordFlow({
  token,
  onInvalid,
  onSuccess,
}: {
  token: string | null;
  /** Instead of the "no link" and "link expired" screens: the page says why and asks for a new link. */
  onInvalid?: (problem: LinkProblem) => void;
  onSuccess: () => void;
}) {
  const { t } = useTranslation('auth');
  const { signOut } = useSession();
  const [state, setState] = useState<State>(token ? 'validating' : 'missing');
  const checked = useRef(false);
  const form = useSchemaForm(NewPasswordFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting, dirtyFields, isSubmitted } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const reset = useResetPassword();
  const { mutate: checkLink } = useCheckResetLink();

  useEffect(() => {
    if (!token) {
      onInvalid?.('missing');
      return;
    }
    if (checked.current) return;
    checked.current = true;
    checkLink(token, {
      onSuccess: () => setState('form'),
      onError: () => {
        setState('invalid');
        onInvalid?.('invalid');
      },
    });
  }, [token, onInvalid, checkLink]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token: token ?? '', ...values });
      await signOut().catch(() => undefined);
      toast.success(t('reset.updated'));
      setState('success');
      onSuccess();
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'LINK_INVALID') {
        setState('invalid');
        if (onInvalid) onInvalid('invalid');
        else toast.error(t('reset.invalidToast'));
        return;
      }
      showServerErrors(form, error);
      toast.error(t('reset.failed'), { description: authErrorMessage(error, t) });
    }
  });

  if (state === 'validating') {
    return (
      <div role="status" className="py-6 text-center">
        <LoaderCircle aria-hidden className="mx-auto size-10 animate-spin text-brand-600" />
        <p className="mt-4 text-slate-700">{t('reset.validating')}</p>
      </div>
    );
  }
  if (state === 'invalid' || state === 'missing') {
    return (
      <div role="alert" className="text-center">
        <TriangleAlert aria-hidden className="mx-auto size-12 text-amber-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">
          {state === 'missing' ? t('reset.missingTitle') : t('reset.invalidTitle')}
        </h1>
        <p className="mt-3 text-slate-700">
          {state === 'missing' ? t('reset.missing') : t('reset.invalidBody')}
        </p>
        <Button asChild size="lg" className="mt-6 w-full">
          <Link to={paths.forgotPassword.href()}>{t('reset.fresh')}</Link>
        </Button>
      </div>
    );
  }
  if (state === 'success') {
    return (
      <div role="status" className="text-center">
        <CircleCheck aria-hidden className="mx-auto size-12 text-green-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('reset.successTitle')}</h1>
        <p className="mt-3 text-slate-700">{t('reset.successBody')}</p>
      </div>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('reset.title')}</h1>
        <p className="mt-2 text-slate-600">{t('reset.subtitle')}</p>
      </div>
      <NewPasswordField
        label={t('reset.newPassword')}
        password={password}
        showRules={Boolean(dirtyFields.password) || isSubmitted}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label={t('reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={fieldMessage(errors.confirmPassword?.message, t)}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('reset.updating') : t('reset.submit')}
      </Button>
    </form>
  );
}
