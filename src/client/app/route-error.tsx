import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';

/**
 * The error page: a page that failed to render or to load (a chunk gone after a deploy, say). The
 * header and footer stay; Reload fetches the app anew.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title={t('routeError.title')} noIndex />
      <TriangleAlert aria-hidden className="size-12 text-red-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('routeError.title')}</h1>
      <p className="mt-2 text-slate-600">{t('routeError.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <Button asChild variant="secondary">
          <Link to="/" reloadDocument>
            {t('routeError.home')}
          </Link>
        </Button>
      </div>
    </section>
  );
}

/** Shows `RouteError` instead of a page that threw; the layout gives it a new key on each page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    // Kept in the console for whoever investigates; the page says nothing technical.
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
