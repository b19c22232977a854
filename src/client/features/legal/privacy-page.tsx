import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '@common/i18n/format';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { useLanguage } from '@client/lib/use-language';
import { prefetchSite, useSiteSettings } from '@client/features/site';
import { LegalDocument } from './legal-document';

const UPDATED = '2026-11';
const INQUIRY_REPLY_DAYS = 30;

/** The privacy address (`PRIVACY_EMAIL`) comes with the page. */
export const prefetch = prefetchSite;

export default function PrivacyPage() {
  const { t } = useTranslation('legal');
  const language = useLanguage();
  const privacyEmail = useSiteSettings()?.privacyEmail ?? '';
  const days = formatNumber(INQUIRY_REPLY_DAYS, language);
  return (
    <>
      <PageMeta
        title={t('privacy.title')}
        description={t('privacy.metaDescription')}
        path={paths.privacy.href()}
      />
      <LegalDocument document="privacy" updated={UPDATED} values={{ email: privacyEmail, days }}>
        <aside
          aria-labelledby="privacy-questions"
          className="mt-8 rounded-2xl border border-brand-100 bg-brand-50 p-6"
        >
          <h2 id="privacy-questions" className="text-lg font-semibold">
            {t('privacy.questions.heading')}
          </h2>
          <p className="mt-2 text-slate-700">{t('privacy.questions.text', { days })}</p>
          <ul className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
            <li>
              <a
                href={`mailto:${privacyEmail}`}
                className="font-medium break-all text-brand-700 underline-offset-4 hover:underline"
              >
                {privacyEmail}
              </a>
            </li>
            <li>
              <Link
                to={paths.dataDeletion.href()}
                className="font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                {t('privacy.questions.dataDeletion')}
              </Link>
            </li>
          </ul>
        </aside>
      </LegalDocument>
    </>
  );
}
