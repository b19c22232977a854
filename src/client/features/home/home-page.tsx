import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { CompleteProfileModal } from '@client/features/session/complete-profile-modal';

/** The home page's hero. The marketplace issue adds search, latest listings and the plan table. */
export default function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} path={paths.home.href()} />
      <CompleteProfileModal />
      <section className="bg-gradient-to-b from-slate-900 to-slate-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28">
          <p className="text-sm font-semibold tracking-wide text-brand-500 uppercase">{t('hero.eyebrow')}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight md:text-6xl">
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-300">{t('hero.subtitle')}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.browse.href()}>{t('hero.browse')}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.auth.href()}>{t('hero.sell')}</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
