import { useCallback, useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MailCheck, X } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { ApiClientError } from '@client/lib/api';
import { paths } from '@common/routes';
import { useConfirmationStatus, useResendConfirmation } from './api';
import { authErrorMessage } from './messages';
import { takeWhereTo } from './after-sign-up';
import { PageMeta } from '@client/components/layout/page-meta';
import { AuthCard } from '@client/components/ui/card';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/features/session';

/** How often a visible page looks whether the sign-up was finished (also on coming back to the tab). */
const LOOK_EVERY_MS = 10_000;

/**
 * /email-confirmation: after sign-up, until the link in the email has been used. The link may be
 * finished on any device (elsewhere, with the password chosen here); this page looks by itself when
 * the member comes back to it and every few seconds while it is shown, and signs in when it is done.
 */
export default function EmailConfirmationPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const navigate = useNavigate();
  const { user, refresh } = useSession();
  const status = useConfirmationStatus();
  const resendLink = useResendConfirmation();
  const busy = status.isPending ? 'check' : resendLink.isPending ? 'resend' : null;

  useEffect(() => {
    if (user) void navigate(takeWhereTo(), { replace: true });
  }, [user, navigate]);

  // The quiet looks have their own request state: the button says "Checking..." only when pressed.
  const { mutateAsync: lookQuietly } = useConfirmationStatus();
  /** Signed in once the sign-up is finished, here or on another device; true then. */
  const signedInIfDone = useCallback(
    async (lookUp: typeof lookQuietly) => {
      const { confirmed, signedIn } = await lookUp();
      if (!confirmed || !signedIn) return false;
      toast.success(t('emailConfirmation.confirmedToast'));
      await refresh();
      void navigate(takeWhereTo());
      return true;
    },
    [refresh, navigate, t],
  );

  // The member comes back from their mail app (or another device): look, quietly.
  useEffect(() => {
    if (user) return;
    let looking = false;
    const look = () => {
      if (looking || document.visibilityState !== 'visible') return;
      looking = true;
      signedInIfDone(lookQuietly)
        .catch(() => false)
        .finally(() => {
          looking = false;
        });
    };
    const timer = setInterval(look, LOOK_EVERY_MS);
    document.addEventListener('visibilitychange', look);
    window.addEventListener('focus', look);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', look);
      window.removeEventListener('focus', look);
    };
  }, [user, signedInIfDone, lookQuietly]);

  const check = async () => {
    try {
      if (!(await signedInIfDone(status.mutateAsync)))
        toast.info(t('emailConfirmation.notConfirmed'), {
          description: t('emailConfirmation.notConfirmedBody'),
        });
    } catch {
      toast.error(t('emailConfirmation.checkFailed'));
    }
  };

  const resend = async () => {
    if (!email) {
      void navigate(paths.auth.href({ mode: 'signup' }));
      return;
    }
    try {
      await resendLink.mutateAsync(email);
      toast.success(t('emailConfirmation.sent'), { description: t('emailConfirmation.sentBody') });
    } catch (error) {
      // No sign-up waits in this browser any more: the server's message says to sign up again.
      if (error instanceof ApiClientError && error.code === 'SIGNUP_EXPIRED') toast.error(error.message);
      else toast.error(t('emailConfirmation.resendFailed'), { description: authErrorMessage(error, t) });
    }
  };

  return (
    <>
      <PageMeta title={t('emailConfirmation.title')} path={paths.emailConfirmation.href()} noIndex />
      <AuthCard className="relative text-center">
        <Link
          to={paths.home.href()}
          aria-label={t('emailConfirmation.close')}
          className="absolute top-3 right-3 rounded-lg p-2 text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden className="size-5" />
        </Link>
        <MailCheck aria-hidden className="mx-auto size-12 text-brand-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('emailConfirmation.title')}</h1>
        <p className="mt-3 text-slate-700">
          {email ? (
            <Trans
              t={t}
              i18nKey="emailConfirmation.body"
              // The address from the URL is a child, never part of the markup Trans parses.
              components={{ email: <strong>{email}</strong> }}
            />
          ) : (
            t('emailConfirmation.bodyNoEmail')
          )}
        </p>
        <p className="mt-3 text-sm text-slate-700">{t('emailConfirmation.anyDevice')}</p>
        <p className="mt-3 text-sm text-slate-600">{t('emailConfirmation.spam')}</p>
        <div className="mt-6 space-y-3">
          <Button size="lg" className="w-full" disabled={busy !== null} onClick={() => void check()}>
            {busy === 'check' ? t('emailConfirmation.checking') : t('emailConfirmation.confirmed')}
          </Button>
          <Button
            size="lg"
            variant="secondary"
            className="w-full"
            disabled={busy !== null}
            onClick={() => void resend()}
          >
            {busy === 'resend' ? t('emailConfirmation.resending') : t('emailConfirmation.resend')}
          </Button>
        </div>
        <p className="mt-6 text-sm">
          <Link
            to={paths.auth.href({ mode: 'signup' })}
            className="font-medium text-brand-700 hover:underline"
          >
            {t('emailConfirmation.differentEmail')}
          </Link>
        </p>
      </AuthCard>
    </>
  );
}
