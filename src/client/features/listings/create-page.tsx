import { useTranslation } from 'react-i18next';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { NameGate } from '@client/features/account';
import { ListingForm } from './listing-form';

/** /create: list a part (members only). */
export default function CreatePage() {
  const { t } = useTranslation('market');
  return (
    <>
      <PageMeta title={t('form.createTitle')} path={paths.create.href()} noIndex />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{t('form.createTitle')}</h1>
        <p className="mt-2 text-slate-600">{t('form.createSubtitle')}</p>
        <div className="mt-6">
          <NameGate>
            <ListingForm />
          </NameGate>
        </div>
      </div>
    </>
  );
}
