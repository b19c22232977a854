import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Mail, MailCheck, Trash, UserCheck } from 'lucide-react';
import { formatNumber } from '@common/i18n/format';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { buttonClass } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { prefetchSite, useSiteSettings } from '@client/features/site';

/** How long each stage of a deletion request takes at most (docs/product.md §5). */
const TIMELINE = [
  { id: 'acknowledgment', icon: MailCheck, amount: 24, unit: 'hours' },
  { id: 'verification', icon: UserCheck, amount: 7, unit: 'days' },
  { id: 'completion', icon: Trash, amount: 30, unit: 'days' },
] as const;

const STEPS = ['email', 'details', 'scope'] as const;
const SCOPES = ['partial', 'complete'] as const;
const KEPT = ['transactions', 'disputes', 'law', 'fraud'] as const;

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const link = 'font-medium text-brand-700 underline-offset-4 hover:underline';

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
  const href = mailtoLink(privacyEmail, t('mail.subject'), t('mail.body'));

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageMeta title={t('title')} description={t('metaDescription')} path={paths.dataDeletion.href()} />

      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-4 text-lg text-slate-600">{t('intro')}</p>
      </header>

      <section aria-labelledby="deletion-how" className={`${card} mt-10`}>
        <h2 id="deletion-how" className="text-xl font-bold">
          {t('how.heading')}
        </h2>
        <ol className="mt-4 list-decimal space-y-3 pl-6 text-slate-700 marker:font-semibold marker:text-brand-700">
          {STEPS.map((step) => (
            <li key={step}>{t(`how.steps.${step}`, { email: privacyEmail })}</li>
          ))}
        </ol>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {SCOPES.map((scope) => (
            <li key={scope} className="rounded-xl bg-slate-50 p-4">
              <h3 className="font-semibold">{t(`how.scopes.${scope}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`how.scopes.${scope}.text`)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
          <a
            href={href}
            className={cn(
              buttonClass('primary', 'lg'),
              'h-auto! min-h-12 py-3 whitespace-normal! text-center',
            )}
          >
            <Mail aria-hidden className="size-5" />
            {t('mail.button')}
          </a>
          <p className="text-sm text-slate-600">
            {t('mail.orWrite')}
            <a href={`mailto:${privacyEmail}`} className={`${link} ml-1 break-all`}>
              {privacyEmail}
            </a>
          </p>
        </div>
        <p className="mt-6 text-sm text-slate-600">{t('how.account')}</p>
      </section>

      <section aria-labelledby="deletion-next" className="mt-12">
        <h2 id="deletion-next" className="text-xl font-bold">
          {t('timeline.heading')}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {TIMELINE.map(({ id, icon: Icon, amount, unit }) => (
            <li key={id} className={card}>
              <Icon aria-hidden className="size-6 text-brand-700" />
              <p className="mt-3 text-2xl font-bold text-slate-900">
                {t(`timeline.within.${unit}`, { amount: formatNumber(amount, language) })}
              </p>
              <h3 className="mt-1 font-semibold">{t(`timeline.steps.${id}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`timeline.steps.${id}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="deletion-kept" className={`${card} mt-12`}>
        <h2 id="deletion-kept" className="text-xl font-bold">
          {t('kept.heading')}
        </h2>
        <p className="mt-3 text-slate-700">{t('kept.intro')}</p>
        <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700 marker:text-brand-600">
          {KEPT.map((item) => (
            <li key={item}>{t(`kept.items.${item}`)}</li>
          ))}
        </ul>
        <p className="mt-3 text-slate-700">{t('kept.closing')}</p>
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
