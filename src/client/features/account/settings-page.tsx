import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { buttonClass } from '@client/components/ui/button';
import { ProfileSection } from './profile-section';
import { SecuritySection } from './security-section';
import { SettingsCard } from './settings-card';
import { PrivacySection } from './privacy-section';

const SECTIONS = ['profile', 'security', 'notifications', 'privacy'] as const;

/** /settings: what a member controls about their account, one section after another. */
export default function SettingsPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <PageMeta title={t('meta.title')} noIndex />
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('subtitle')}</p>
        <div className="mt-6 grid gap-8 lg:grid-cols-[12rem_1fr]">
          <nav aria-label={t('sectionsLabel')} className="lg:sticky lg:top-20 lg:self-start">
            <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
              {SECTIONS.map((section) => (
                <li key={section}>
                  <a
                    href={`#${section}`}
                    className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
                  >
                    {t(`sections.${section}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="min-w-0 space-y-10">
            <Section id="profile">
              <ProfileSection />
            </Section>
            <Section id="security">
              <SecuritySection />
            </Section>
            <Section id="notifications">
              <SettingsCard title={t('notifications.title')} description={t('notifications.description')}>
                <Link
                  to={`${paths.notifications.href()}#settings-title`}
                  className={buttonClass('secondary')}
                >
                  <Bell aria-hidden className="size-4" />
                  {t('notifications.open')}
                </Link>
              </SettingsCard>
            </Section>
            <Section id="privacy">
              <PrivacySection />
            </Section>
          </div>
        </div>
      </div>
    </>
  );
}

function Section({ id, children }: { id: (typeof SECTIONS)[number]; children: React.ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20">
      <h2 id={`${id}-heading`} className="mb-4 text-xl font-semibold text-slate-900">
        {t(`sections.${id}`)}
      </h2>
      {children}
    </section>
  );
}
