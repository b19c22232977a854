import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Hourglass } from 'lucide-react';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';

/** Parts wanted: specified as a Coming Soon page. */
export function ComingSoonPage({ titleKey }: { titleKey?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = titleKey ? t(titleKey) : t('comingSoon.title');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title={title} />
      <span className="rounded-full bg-brand-100 p-4 text-brand-700">
        <Hourglass aria-hidden className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {t('comingSoon.title')}
      </p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">{t('comingSoon.description')}</p>
      <p className="mt-2 font-medium text-slate-800">{t('comingSoon.stayTuned')}</p>
      <div className="mt-8 flex gap-3">
        <Button variant="secondary" onClick={() => void navigate(-1)}>
          {t('comingSoon.goBack')}
        </Button>
        <Button asChild>
          <Link to="/">{t('comingSoon.returnHome')}</Link>
        </Button>
      </div>
    </section>
  );
}

export function PartsWantedPage() {
  return <ComingSoonPage titleKey="pages.partsWanted" />;
}
