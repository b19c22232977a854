import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BadgeCheck, BellRing, CarFront, MessagesSquare, Truck, Users } from 'lucide-react';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';

/** What sets the marketplace apart: only what it does today (docs/product.md §1 and §6.10). */
const FEATURES = [
  { id: 'curated', icon: Users },
  { id: 'fitment', icon: CarFront },
  { id: 'messaging', icon: MessagesSquare },
  { id: 'alerts', icon: BellRing },
  { id: 'verified', icon: BadgeCheck },
  { id: 'delivery', icon: Truck },
] as const;

const STYLES = ['jdm', 'euro', 'muscle'] as const;

export default function AboutPage() {
  const { t } = useTranslation('company', { keyPrefix: 'about' });
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageMeta title={t('metaTitle')} description={t('metaDescription')} path={paths.about.href()} />

      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-4 text-lg text-slate-600">{t('intro')}</p>
      </header>

      <section
        aria-labelledby="about-mission"
        className="mt-10 rounded-2xl bg-slate-900 p-6 text-white sm:p-8"
      >
        <h2 id="about-mission" className="text-2xl font-bold">
          {t('mission.heading')}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-200">{t('mission.text')}</p>
      </section>

      <section aria-labelledby="about-features" className="mt-12">
        <h2 id="about-features" className="text-2xl font-bold">
          {t('features.heading')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ id, icon: Icon }) => (
            <li key={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{t(`features.items.${id}.title`)}</h3>
              <p className="mt-2 text-slate-600">{t(`features.items.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-who" className="mt-12 grid gap-6 md:grid-cols-2">
        <div>
          <h2 id="about-who" className="text-2xl font-bold">
            {t('who.heading')}
          </h2>
          <p className="mt-3 text-slate-600">{t('who.text')}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('who.stylesLabel')}>
            {STYLES.map((style) => (
              <li
                key={style}
                className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700"
              >
                {t(`who.styles.${style}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <BadgeCheck aria-hidden className="size-8 text-brand-700" />
          <p className="mt-3 text-slate-700">{t('who.members')}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button asChild>
              <Link to={paths.browse.href()}>{t('cta.browse')}</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.sellingGuide.href()}>{t('cta.sell')}</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            {t('cta.questions')}
            <Link
              to={paths.contact.href()}
              className="ml-1 font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {t('cta.contact')}
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
