import { useTranslation } from 'react-i18next';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { NameGate } from '@client/features/account';
import { WantedForm } from './wanted-form';

/** /parts-wanted/new: post the part the member is hunting for (members only). */
export default function WantedNewPage() {
  const { t } = useTranslation('wanted');
  return (
    <>
      <PageMeta title={t('form.meta.newTitle')} path={paths.partsWantedNew.href()} noIndex />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{t('form.newTitle')}</h1>
        <p className="mt-2 text-slate-600">{t('form.newSubtitle')}</p>
        <div className="mt-6">
          <NameGate>
            <WantedForm />
          </NameGate>
        </div>
      </div>
    </>
  );
}
