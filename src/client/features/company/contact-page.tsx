import { ContactForm } from './contact-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Clock, Mail } from 'lucide-react';
import { formatNumber } from '@common/i18n/format';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { useLanguage } from '@client/lib/use-language';
import { prefetchSite, useSiteSettings } from '@client/features/site';

const REPLY_WITHIN_HOURS = 24;

const SUPPORT_HOURS = ['weekdays', 'weekend'] as const;

/** Common reasons to write, each with what helps us answer it in one reply. */
const TOPICS = ['listing', 'account', 'sale', 'bug'] as const;

const MORE_LINKS = [
  { id: 'buyingGuide', to: paths.buyingGuide.href() },
  { id: 'sellingGuide', to: paths.sellingGuide.href() },
  { id: 'dataDeletion', to: paths.dataDeletion.href() },
  { id: 'privacy', to: paths.privacy.href() },
] as const;

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const link = 'font-medium text-brand-700 underline-offset-4 hover:underline';

/** The support address (`SUPPORT_EMAIL`) comes with the page. */
export const prefetch = prefetchSite;

export default function ContactPage() {
  const { t } = useTranslation('company', { keyPrefix: 'contact' });
  const language = useLanguage();
  const supportEmail = useSiteSettings()?.supportEmail;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <PageMeta title={t('metaTitle')} description={t('metaDescription')} path={paths.contact.href()} />

      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-4 text-lg text-slate-600">{t('intro')}</p>
      </header>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="contact-email" className={card}>
          <Mail aria-hidden className="size-8 text-brand-700" />
          <h2 id="contact-email" className="mt-3 text-xl font-bold">
            {t('email.heading')}
          </h2>
          <p className="mt-2 text-slate-600">{t('email.text')}</p>
          {supportEmail ? (
            <a href={`mailto:${supportEmail}`} className={`${link} mt-3 inline-block text-lg break-all`}>
              {supportEmail}
            </a>
          ) : null}
          <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 font-medium text-slate-900">
            {t('email.reply', { hours: formatNumber(REPLY_WITHIN_HOURS, language) })}
          </p>
        </section>

        <section aria-labelledby="contact-hours" className={card}>
          <Clock aria-hidden className="size-8 text-brand-700" />
          <h2 id="contact-hours" className="mt-3 text-xl font-bold">
            {t('hours.heading')}
          </h2>
          <dl className="mt-3 divide-y divide-slate-200">
            {SUPPORT_HOURS.map((period) => (
              <div key={period} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
                <dt className="font-medium text-slate-900">{t(`hours.${period}.days`)}</dt>
                <dd className="text-slate-700">{t(`hours.${period}.time`)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-slate-600">{t('hours.note')}</p>
        </section>
      </div>

      <ContactForm />

      <section aria-labelledby="contact-include" className="mt-12">
        <h2 id="contact-include" className="text-2xl font-bold">
          {t('include.heading')}
        </h2>
        <p className="mt-3 text-slate-600">{t('include.intro')}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {TOPICS.map((topic) => (
            <li key={topic} className={card}>
              <h3 className="font-semibold">{t(`include.topics.${topic}.question`)}</h3>
              <p className="mt-2 text-slate-600">{t(`include.topics.${topic}.answer`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="contact-more" className="mt-12">
        <h2 id="contact-more" className="text-2xl font-bold">
          {t('more.heading')}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-3">
          {MORE_LINKS.map((item) => (
            <li key={item.id}>
              <Link to={item.to} className={link}>
                {t(`more.links.${item.id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
