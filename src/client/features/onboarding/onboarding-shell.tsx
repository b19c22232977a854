import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import type { Role } from '@common/schemas/auth';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { ProgressBar } from '@client/components/ui/field';
import { QueryError } from '@client/components/ui/query-error';
import { LoaderCircle } from 'lucide-react';
import { useSession, useSessionQuery, type SessionUser } from '@client/features/session';

export const NO_USER_REDIRECT_MS = 2000;

/** The role chosen on the way here, else the stored one. */
export function useEffectiveRole(user: SessionUser | null): Role | null {
  const state = useLocation().state as { role?: Role } | null;
  return state?.role ?? user?.role ?? null;
}

/**
 * The member doing onboarding. With nobody signed in once the session has loaded, waits two seconds
 * (the session may still be arriving) and then sends the visitor to sign up. When the session could
 * not be read, stays (the shell says so, with Try again).
 */
export function useOnboardingMember(): SessionUser | null {
  const { t } = useTranslation('onboarding');
  const { user, isLoading } = useSession();
  const failed = useSessionQuery().isError;
  const navigate = useNavigate();
  const warned = useRef(false);
  useEffect(() => {
    if (isLoading || user || failed) return;
    const timer = setTimeout(() => {
      if (!warned.current) {
        warned.current = true;
        toast.error(t('role.authRequired'), { description: t('role.authRequiredBody') });
      }
      void navigate(paths.auth.href({ mode: 'signup' }), { replace: true });
    }, NO_USER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isLoading, user, failed, navigate, t]);
  return user;
}

export function OnboardingShell({
  step,
  title,
  subtitle,
  children,
}: {
  step: { step: number; total: number; progress: number };
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('onboarding');
  const session = useSessionQuery();
  const user = session.data ?? null;
  if (!user && session.isError) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-16">
        <QueryError query={session} />
      </div>
    );
  }
  if (!user) {
    // Until the session is known (a visitor is sent to sign up after two seconds).
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-16 text-center" role="status">
        <LoaderCircle aria-hidden className="mx-auto size-10 animate-spin text-brand-600" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{t('role.loadingBody')}</p>
      </div>
    );
  }
  return (
    <>
      <PageMeta title={title} noIndex />
      <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
        <div className="mb-8">
          <div className="mb-2 flex items-center justify-between text-sm text-slate-600">
            <span>{t('step', { step: step.step, total: step.total })}</span>
            <span aria-hidden>{step.progress}%</span>
          </div>
          <ProgressBar value={step.progress} label={t('progress')} />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-2 text-slate-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </>
  );
}
