import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath, SOCIAL_PROVIDERS, type SessionUser } from '@common/schemas/auth';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { AuthCard } from '@client/components/ui/card';
import { Alert } from '@client/components/ui/field';
import { cn } from '@client/lib/cn';
import { useSession } from '@client/features/session';
import { useQueryClient } from '@tanstack/react-query';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { SocialButtons } from './social-buttons';
import { queryKeys } from '@client/lib/query-keys';

type Mode = 'signin' | 'signup';

/** /auth: Sign In and Sign Up tabs (`mode` picks one), social sign-in, and the reset outcome. */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isLoading } = useSession();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  const redirect = safeRedirectPath(params.get('redirect'));

  const isRecovery = params.get('type') === 'recovery' || window.location.hash.includes('type=recovery');

  // A signed-in visitor leaves: to `redirect` when it stays on this site; else a member with an
  // unfinished profile to onboarding, anyone else home.
  useEffect(() => {
    if (isLoading || !user || isRecovery) return;
    const next = redirect ?? (user.onboardingCompleted ? '/' : paths.onboardingRole.href());
    void navigate(next, { replace: true });
  }, [isLoading, user, isRecovery, redirect, navigate]);

  if (isRecovery) {
    const token = params.get('token');
    return (
      <Navigate
        to={`${paths.resetPassword.href()}${token ? `?token=${encodeURIComponent(token)}` : ''}`}
        replace
      />
    );
  }

  const selectTab = (next: Mode) => {
    const updated = new URLSearchParams(params);
    updated.set('mode', next);
    updated.delete('reset');
    setParams(updated, { replace: true });
  };

  const onSignedIn = (signedIn: SessionUser) => {
    // The effect above takes the member onward.
    queryClient.setQueryData(queryKeys.session, signedIn);
  };

  const tabs: { id: Mode; label: string }[] = [
    { id: 'signin', label: t('tabs.signIn') },
    { id: 'signup', label: t('tabs.signUp') },
  ];

  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} path={paths.auth.href()} />
      <AuthCard className="max-w-lg">
        <h1 className="text-2xl font-bold text-slate-900">
          {mode === 'signin' ? t('signIn.title') : t('signUp.title')}
        </h1>
        <p className="mt-1 text-slate-600">
          {mode === 'signin' ? t('signIn.subtitle') : t('signUp.subtitle')}
        </p>

        <div
          role="tablist"
          aria-label={t('tabs.label')}
          className="mt-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1"
        >
          {tabs.map((tab) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={mode === tab.id}
              aria-controls={`panel-${tab.id}`}
              tabIndex={mode === tab.id ? 0 : -1}
              onClick={() => selectTab(tab.id)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
                  const next = mode === 'signin' ? 'signup' : 'signin';
                  selectTab(next);
                  document.getElementById(`tab-${next}`)?.focus();
                }
              }}
              className={cn(
                'h-10 rounded-md text-sm font-semibold transition-colors',
                mode === tab.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {tab.label}
            </button>
          ))}
        </div>

        <div className="mt-6 space-y-4">
          {params.get('reset') === 'success' ? <Alert tone="success">{t('resetSuccess')}</Alert> : null}
          <SocialOutcome outcome={params.get('social')} provider={params.get('provider')} />
        </div>

        <div role="tabpanel" id={`panel-${mode}`} aria-labelledby={`tab-${mode}`} className="mt-4">
          {mode === 'signin' ? (
            <SignInForm key="signin" defaultEmail={params.get('email') ?? ''} onSignedIn={onSignedIn} />
          ) : (
            <SignUpForm key="signup" />
          )}
        </div>
        <SocialButtons redirect={redirect} />
      </AuthCard>
    </>
  );
}

/** What a provider round that came back here means: failed, no verified email, or link by signing in. */
function SocialOutcome({ outcome, provider }: { outcome: string | null; provider: string | null }) {
  const { t } = useTranslation('auth');
  const known = SOCIAL_PROVIDERS.find((p) => p === provider);
  const name = known ? t(`social.${known}`) : '';
  if (outcome === 'failed') return <Alert tone="error">{t('social.failed')}</Alert>;
  if (outcome === 'unverified' && known)
    return <Alert tone="error">{t('social.unverified', { provider: name })}</Alert>;
  if (outcome === 'link' && known) return <Alert tone="info">{t('social.link', { provider: name })}</Alert>;
  return null;
}
