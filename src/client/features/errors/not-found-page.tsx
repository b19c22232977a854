import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title={t('notFound.title')} />
      <meta name="robots" content="noindex" />
      <p className="text-7xl font-extrabold text-brand-600">{t('notFound.code')}</p>
      <h1 className="mt-4 text-2xl font-bold">{t('notFound.heading')}</h1>
      <Button asChild className="mt-8">
        <Link to="/">{t('notFound.home')}</Link>
      </Button>
    </section>
  );
}
