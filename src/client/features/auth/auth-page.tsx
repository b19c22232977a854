import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath, SOCIAL_PROVIDERS, type SessionUser } from '@common/schemas/auth';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { AuthCard } from '@client/components/ui/card';
import { Alert } from '@client/components/ui/field';
import { Tab, TabList, TabPanel, Tabs } from '@client/components/ui/tabs';
import { useSession } from '@client/features/session';
import { useQueryClient } from '@tanstack/react-query';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { SocialButtons } from './social-buttons';
import { queryKeys } from '@client/lib/query-keys';
import type { Prefetch } from '@client/lib/prefetch';
import { authQueries } from './api';

type Mode = 'signin' | 'signup';

/** The configured social providers come with the page: its first paint shows only their buttons. */
export const prefetch: Prefetch = (queryClient) => queryClient.prefetchQuery(authQueries.providers());

/** /auth: Sign In and Sign Up tabs (`mode` picks one), social sign-in, and the reset outcome. */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isLoading } = useSession();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  const redirect = safeRedirectPath(params.get('redirect'));

  const { hash } = useLocation();
  const isRecovery = params.get('type') === 'recovery' || hash.includes('type=recovery');

  // A signed-in visitor leaves: to `redirect` when it stays on this site, else home (where a member
  // with onboarding unfinished is offered it, never made to).
  useEffect(() => {
    if (isLoading || !user || isRecovery) return;
    void navigate(redirect ?? paths.home.href(), { replace: true });
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
      <AuthCard className="max-w-lg!">
        <h1 className="text-2xl font-bold text-slate-900">
          {mode === 'signin' ? t('signIn.title') : t('signUp.title')}
        </h1>
        <p className="mt-1 text-slate-600">
          {mode === 'signin' ? t('signIn.subtitle') : t('signUp.subtitle')}
        </p>

        <Tabs value={mode} onValueChange={(value) => selectTab(value as Mode)}>
          <TabList aria-label={t('tabs.label')} className="mt-6">
            {tabs.map((tab) => (
              <Tab key={tab.id} value={tab.id}>
                {tab.label}
              </Tab>
            ))}
          </TabList>

          <div className="mt-6 space-y-4">
            {params.get('reset') === 'success' ? <Alert tone="success">{t('resetSuccess')}</Alert> : null}
            <SocialOutcome outcome={params.get('social')} provider={params.get('provider')} />
          </div>

          <TabPanel value="signin" className="mt-4">
            <SignInForm
              defaultEmail={params.get('email') ?? ''}
              onSignedIn={onSignedIn}
              secondStep={params.get('step') === 'code'}
            />
          </TabPanel>
          <TabPanel value="signup" className="mt-4">
            <SignUpForm redirect={redirect} />
          </TabPanel>
        </Tabs>
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
