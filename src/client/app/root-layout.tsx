import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SiteHeader } from './shell/site-header';
import { SiteFooter } from './shell/site-footer';
import { TabBar } from './shell/tab-bar';
import { RouteErrorBoundary } from './route-error';
import { ScrollManager } from './scroll-manager';
import { PageSkeleton } from '@client/components/layout/page-skeleton';
import { OfflineBanner } from '@client/components/layout/offline-banner';
import { useSession } from '@client/features/session';

export function RootLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const { pathname } = useLocation();
  // The member is forgotten in this tab at once; the sign-in page opens once the server has ended the
  // session, so nothing it fetches on the way (the session) can bring the member back.
  const onSignOut = () => {
    void signOut()
      .catch(() => undefined)
      .then(() => navigate('/auth'));
  };
  return (
    // `group/shell`: the tab bar and the footer follow what the page holds (a bar of its own, a field
    // with focus) in CSS alone.
    <div className="group/shell flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader onSignOut={onSignOut} />
      <OfflineBanner />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* A page that fails to load or render shows the error page inside the shell. */}
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <TabBar />
      <ScrollManager />
    </div>
  );
}
