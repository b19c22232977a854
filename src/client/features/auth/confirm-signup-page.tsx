import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CircleAlert, CircleCheck, Clock, KeyRound, LoaderCircle } from 'lucide-react';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { useConfirmEmail } from './api';
import { PageMeta } from '@client/components/layout/page-meta';
import { AuthCard } from '@client/components/ui/card';
import { Button } from '@client/components/ui/button';
import { useLinkToken } from './use-link-token';
import { useSession } from '@client/features/session';
import { toast } from '@client/lib/toast';
import { FinishSignUpForm } from './finish-sign-up-form';
import { takeWhereTo } from './after-sign-up';

type State =
  | { kind: 'loading' }
  | { kind: 'success'; email: string; signedIn: boolean }
  | { kind: 'error'; message: string }
  | { kind: 'expired' };

export const CONFIRMED_REDIRECT_MS = 2000;

/**
 * /confirm-signup?token=…: uses the confirmation link. Opened in the browser that signed up, the
 * member is signed in there and goes on to onboarding; elsewhere (a phone's mail app), the password
 * chosen at sign-up finishes the account there, and the signing-up browser signs in by itself too.
 */
export default function ConfirmSignupPage() {
  const { t } = useTranslation('auth');
  const token = useLinkToken();
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'loading' } : { kind: 'error', message: t('confirmSignup.invalid') },
  );
  const { mutate: confirm } = useConfirmEmail();
  const { refresh } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm(token, {
      onSuccess: ({ email, signedIn }) => {
        setState({ kind: 'success', email, signedIn });
        if (signedIn) {
          toast.success(t('emailConfirmation.confirmedToast'));
          void refresh();
        }
      },
      onError: (error) => {
        if (error instanceof ApiClientError && error.code === 'LINK_EXPIRED') setState({ kind: 'expired' });
        else if (error instanceof ApiClientError && error.code === 'LINK_INVALID')
          setState({ kind: 'error', message: t('confirmSignup.invalid') });
        else setState({ kind: 'error', message: t('confirmSignup.failed') });
      },
    });
  }, [token, confirm, t, refresh]);

  useEffect(() => {
    if (state.kind !== 'success' || !state.signedIn) return;
    const timer = setTimeout(() => void navigate(takeWhereTo(), { replace: true }), CONFIRMED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const finished = async () => {
    toast.success(t('emailConfirmation.confirmedToast'));
    await refresh();
    void navigate(takeWhereTo(), { replace: true });
  };

  return (
    <>
      <PageMeta title={t('confirmSignup.successTitle')} path={paths.confirmSignup.href()} noIndex />
      <AuthCard className="text-center">
        {state.kind === 'loading' ? (
          <div role="status">
            <LoaderCircle aria-hidden className="mx-auto size-12 animate-spin text-brand-600" />
            <h1 className="mt-4 text-xl font-semibold text-slate-900">{t('confirmSignup.loading')}</h1>
          </div>
        ) : null}
        {state.kind === 'success' && state.signedIn ? (
          <div role="status">
            <CircleCheck aria-hidden className="mx-auto size-12 text-green-600" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('confirmSignup.successTitle')}</h1>
            <p className="mt-2 text-slate-700">{t('confirmSignup.signedInBody')}</p>
          </div>
        ) : null}
        {state.kind === 'success' && !state.signedIn ? (
          <div>
            <KeyRound aria-hidden className="mx-auto size-12 text-brand-600" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('confirmSignup.finishTitle')}</h1>
            <p className="mt-2 text-slate-700">
              <Trans
                t={t}
                i18nKey="confirmSignup.finishBody"
                // The address is a child, never part of the markup Trans parses.
                components={{ email: <strong className="break-all">{state.email}</strong> }}
              />
            </p>
            <FinishSignUpForm email={state.email} onSignedIn={() => void finished()} />
          </div>
        ) : null}
        {state.kind === 'error' ? (
          <div role="alert">
            <CircleAlert aria-hidden className="mx-auto size-12 text-red-600" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('confirmSignup.errorTitle')}</h1>
            <p className="mt-2 text-slate-700">{state.message}</p>
            <div className="mt-6 flex flex-col gap-2">
              <Button asChild size="lg">
                <Link to={paths.auth.href({ mode: 'signin' })}>{t('confirmSignup.goToSignIn')}</Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to={paths.auth.href({ mode: 'signup' })}>{t('confirmSignup.backToSignUp')}</Link>
              </Button>
            </div>
          </div>
        ) : null}
        {state.kind === 'expired' ? (
          <div role="alert">
            <Clock aria-hidden className="mx-auto size-12 text-amber-600" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('confirmSignup.expiredTitle')}</h1>
            <p className="mt-2 text-slate-700">{t('confirmSignup.expiredBody')}</p>
            <Button asChild size="lg" className="mt-6 w-full">
              <Link to={paths.auth.href({ mode: 'signup' })}>{t('confirmSignup.backToSignUp')}</Link>
            </Button>
          </div>
        ) : null}
      </AuthCard>
    </>
  );
}
