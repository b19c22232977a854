import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogIn, LogOut, Mail, MailWarning, Settings, Trash } from 'lucide-react';
import { DELETION_GRACE_DAYS, DELETION_REMINDER_DAYS } from '@common/account-deletion';
import { formatNumber } from '@common/i18n/format';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { buttonClass } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { prefetchSite, useSiteSettings } from '@client/features/site';

/**
 * Deleting an account from Settings (docs/product.md §5): what happens at once, for the 30 days it
 * waits, 3 days before and at the end. `days` is which figure the step's words take.
 */
const TIMELINE = [
  { id: 'now', icon: LogOut, days: null },
  { id: 'restore', icon: LogIn, days: DELETION_GRACE_DAYS },
  { id: 'reminder', icon: MailWarning, days: DELETION_REMINDER_DAYS },
  { id: 'erased', icon: Trash, days: DELETION_GRACE_DAYS },
] as const;

const SETTINGS_STEPS = ['open', 'choose', 'confirm'] as const;
const STAYS = ['writing', 'orders', 'law', 'fraud'] as const;

/** How long each stage of a request by email takes at most (docs/product.md §5). */
const REQUEST = { acknowledgeHours: 24, verifyDays: 7, completeDays: 30 } as const;

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const link = 'font-medium text-brand-700 underline-offset-4 hover:underline';
/** A link styled as a large button whose words may wrap on a phone. */
const wrappingButton = 'h-auto! min-h-12 py-3 whitespace-normal! text-center';

/** A mailto link with a translated subject and body; line breaks as CRLF, as mail clients expect. */
function mailtoLink(address: string, subject: string, body: string): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  return `mailto:${address}?subject=${encode(subject)}&body=${encode(body)}`;
}

/** The privacy address (`PRIVACY_EMAIL`) comes with the page. */
export const prefetch = prefetchSite;

export default function DataDeletionPage() {
  const { t } = useTranslation('legal', { keyPrefix: 'dataDeletion' });
  const language = useLanguage();
  const privacyEmail = useSiteSettings()?.privacyEmail ?? '';
  const href = mailtoLink(privacyEmail, t('request.subject'), t('request.body'));
  const graceDays = formatNumber(DELETION_GRACE_DAYS, language);

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageMeta
        title={t('title')}
        description={t('metaDescription', { days: graceDays })}
        path={paths.dataDeletion.href()}
      />

      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-4 text-lg text-slate-600">{t('intro', { days: graceDays })}</p>
      </header>

      <section aria-labelledby="deletion-settings" className={`${card} mt-10`}>
        <h2 id="deletion-settings" className="text-xl font-bold">
          {t('settings.heading')}
        </h2>
        <ol className="mt-4 list-decimal space-y-3 pl-6 text-slate-700 marker:font-semibold marker:text-brand-700">
          {SETTINGS_STEPS.map((step) => (
            <li key={step}>{t(`settings.steps.${step}`)}</li>
          ))}
        </ol>
        <div className="mt-6 flex flex-col sm:flex-row">
          <Link to={paths.settings.href()} className={cn(buttonClass('primary', 'lg'), wrappingButton)}>
            <Settings aria-hidden className="size-5" />
            {t('settings.button')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="deletion-next" className="mt-12">
        <h2 id="deletion-next" className="text-xl font-bold">
          {t('timeline.heading')}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2">
          {TIMELINE.map(({ id, icon: Icon, days }) => (
            <li key={id} className={card}>
              <Icon aria-hidden className="size-6 text-brand-700" />
              <h3 className="mt-3 text-lg font-bold text-slate-900">
                {t(`timeline.steps.${id}.when`, days ? { days: formatNumber(days, language) } : {})}
              </h3>
              <p className="mt-1 text-slate-600">
                {t(`timeline.steps.${id}.text`, days ? { days: formatNumber(days, language) } : {})}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="deletion-erased" className={`${card} mt-12`}>
        <h2 id="deletion-erased" className="text-xl font-bold">
          {t('erased.heading')}
        </h2>
        <p className="mt-3 text-slate-700">{t('erased.text')}</p>
      </section>

      <section aria-labelledby="deletion-stays" className={`${card} mt-6`}>
        <h2 id="deletion-stays" className="text-xl font-bold">
          {t('stays.heading')}
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700 marker:text-brand-600">
          {STAYS.map((item) => (
            <li key={item}>{t(`stays.items.${item}`)}</li>
          ))}
        </ul>
        <p className="mt-3 text-slate-700">{t('stays.closing')}</p>
      </section>

      <section aria-labelledby="deletion-request" className={`${card} mt-12`}>
        <h2 id="deletion-request" className="text-xl font-bold">
          {t('request.heading')}
        </h2>
        <p className="mt-3 text-slate-700">{t('request.text')}</p>
        <p className="mt-3 text-slate-700">
          {t('request.timeline', {
            hours: formatNumber(REQUEST.acknowledgeHours, language),
            verifyDays: formatNumber(REQUEST.verifyDays, language),
            days: formatNumber(REQUEST.completeDays, language),
          })}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
          <a href={href} className={cn(buttonClass('secondary', 'lg'), wrappingButton)}>
            <Mail aria-hidden className="size-5" />
            {t('request.button')}
          </a>
          <p className="text-sm text-slate-600">
            {t('request.orWrite')}
            <a href={`mailto:${privacyEmail}`} className={`${link} ml-1 break-all`}>
              {privacyEmail}
            </a>
          </p>
        </div>
      </section>

      <p className="mt-8 text-slate-600">
        {t('privacyLink.text')}
        <Link to={paths.privacy.href()} className={`${link} ml-1`}>
          {t('privacyLink.link')}
        </Link>
      </p>
    </div>
  );
}
