import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';

/**
 * The page of a route whose feature a later issue builds: it resolves and names itself, never a 404.
 */
export function PlannedPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <PageMeta title={t(titleKey)} />
      <h1 className="text-3xl font-bold">{t(titleKey)}</h1>
      <p className="mt-4 text-slate-600">{t('planned.description')}</p>
      <Button asChild variant="secondary" className="mt-8">
        <Link to="/browse">{t('planned.browseParts')}</Link>
      </Button>
    </section>
  );
}
