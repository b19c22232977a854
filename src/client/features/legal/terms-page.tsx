import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DELETION_GRACE_DAYS } from '@common/account-deletion';
import { formatNumber } from '@common/i18n/format';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { feeFigures } from '@client/lib/fee-figures';
import { useLanguage } from '@client/lib/use-language';
import { LegalDocument } from './legal-document';

const UPDATED = '2026-11';

export default function TermsPage() {
  const { t } = useTranslation('legal');
  const language = useLanguage();
  return (
    <>
      <PageMeta title={t('terms.title')} description={t('terms.metaDescription')} path={paths.terms.href()} />
      <LegalDocument
        document="terms"
        updated={UPDATED}
        values={{
          ...feeFigures(language).values,
          deletionDays: formatNumber(DELETION_GRACE_DAYS, language),
        }}
      >
        <aside
          aria-labelledby="terms-questions"
          className="mt-8 rounded-2xl border border-brand-100 bg-brand-50 p-6"
        >
          <h2 id="terms-questions" className="text-lg font-semibold">
            {t('terms.questions.heading')}
          </h2>
          <p className="mt-2 text-slate-700">{t('terms.questions.text')}</p>
          <Link
            to={paths.contact.href()}
            className="mt-3 inline-block font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {t('terms.questions.contact')}
          </Link>
        </aside>
      </LegalDocument>
    </>
  );
}
