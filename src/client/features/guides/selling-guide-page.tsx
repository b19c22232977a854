import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Camera,
  CircleCheck,
  FileText,
  Lightbulb,
  MessageCircle,
  Send,
  Sparkles,
  UserPlus,
} from 'lucide-react';
import { PLAN_DETAILS } from '@common/catalog';
import { formatNumber, formatPercent, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { ScrollArea } from '@client/components/ui/scroll-area';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { useLanguage } from '@client/lib/use-language';

const STEPS = [
  { id: 'account', icon: UserPlus },
  { id: 'describe', icon: FileText },
  { id: 'photos', icon: Camera },
  { id: 'publish', icon: Send },
  { id: 'answer', icon: MessageCircle },
] as const;

/** Seller levels by completed sales (docs/product.md §5); the fee is a share of the sale price. */
const SELLER_LEVELS = [
  { id: 'new', minSales: 0, maxSales: 4, fee: 0.035 },
  { id: 'experienced', minSales: 5, maxSales: 24, fee: 0.03 },
  { id: 'trusted', minSales: 25, maxSales: 99, fee: 0.025 },
  { id: 'power', minSales: 100, maxSales: null, fee: 0.02 },
] as const;

const PROCESSING_RATE = 0.029;
const PROCESSING_FIXED_USD = 0.3;
const REFERRAL_RATE = { min: 0.02, max: 0.1 };
const RETURN_WINDOW_DAYS = 7;
const MAX_PHOTOS = 10;
/** Listings with more photos than this get priority placement. */
const PHOTOS_FOR_PLACEMENT = 5;

const TIPS = ['photos', 'title', 'fitment', 'condition', 'price', 'reply'] as const;

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

export default function SellingGuidePage() {
  const { t } = useTranslation('guides', { keyPrefix: 'selling' });
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const percent = (value: number) => formatPercent(value, language);

  const policies = [
    { id: 'listing', value: t('policies.listing.value') },
    {
      id: 'processing',
      value: t('policies.processing.value', {
        percent: percent(PROCESSING_RATE),
        fixed: formatPrice(PROCESSING_FIXED_USD, language, { cents: true }),
      }),
    },
    {
      id: 'referral',
      value: t('policies.referral.value', {
        min: percent(REFERRAL_RATE.min),
        max: percent(REFERRAL_RATE.max),
      }),
    },
    { id: 'returns', value: t('policies.returns.value', { days: number(RETURN_WINDOW_DAYS) }) },
  ] as const;

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <PageMeta title={t('metaTitle')} description={t('metaDescription')} path={paths.sellingGuide.href()} />

      <header>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">{t('intro')}</p>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
          <CircleCheck aria-hidden className="size-4" />
          {t('freeBadge')}
        </p>
      </header>

      <section aria-labelledby="how-to-sell" className="mt-12">
        <h2 id="how-to-sell" className="text-2xl font-bold">
          {t('howTo.heading')}
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2">
          {STEPS.map(({ id, icon: Icon }, index) => (
            <li key={id} className={`${card} flex gap-4`}>
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">
                  {t('howTo.stepTitle', { number: number(index + 1), title: t(`howTo.steps.${id}.title`) })}
                </h3>
                <p className="mt-1 text-slate-600">
                  {t(`howTo.steps.${id}.text`, { max: number(MAX_PHOTOS) })}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="seller-fees" className="mt-12">
        <h2 id="seller-fees" className="text-2xl font-bold">
          {t('fees.heading')}
        </h2>
        <p className="mt-3 text-slate-600">{t('fees.intro')}</p>
        <ScrollArea
          label={t('fees.caption')}
          className="mt-6"
          boxClassName="rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          <table className="w-full text-left text-sm sm:text-base">
            <caption className="sr-only">{t('fees.caption')}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold sm:px-6">
                  {t('fees.columns.level')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold sm:px-6">
                  {t('fees.columns.sales')}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold sm:px-6">
                  {t('fees.columns.fee')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {SELLER_LEVELS.map((level) => (
                <tr key={level.id}>
                  <th scope="row" className="px-4 py-3 font-medium text-slate-900 sm:px-6">
                    {t(`fees.levels.${level.id}`)}
                  </th>
                  <td className="px-4 py-3 text-slate-700 sm:px-6">
                    {level.maxSales === null
                      ? t('fees.salesFrom', { min: number(level.minSales) })
                      : t('fees.salesRange', { min: number(level.minSales), max: number(level.maxSales) })}
                  </td>
                  <td className="px-4 py-3 text-right font-semibold text-brand-700 sm:px-6">
                    {percent(level.fee)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>

        <h3 className="mt-8 text-lg font-semibold">{t('policies.heading')}</h3>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          {policies.map((policy) => (
            <div key={policy.id} className={card}>
              <dt className="text-sm font-medium text-slate-600">{t(`policies.${policy.id}.label`)}</dt>
              <dd className="mt-1 text-xl font-bold text-slate-900">{policy.value}</dd>
              <dd className="mt-2 text-sm text-slate-600">
                {t(`policies.${policy.id}.note`, { days: number(RETURN_WINDOW_DAYS) })}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="listing-tips" className="mt-12">
        <h2 id="listing-tips" className="text-2xl font-bold">
          {t('tips.heading')}
        </h2>
        <ul className={`${card} mt-6 space-y-3`}>
          {TIPS.map((tip) => (
            <li key={tip} className="flex gap-3">
              <Lightbulb aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span className="text-slate-700">
                {t(`tips.items.${tip}`, { min: number(PHOTOS_FOR_PLACEMENT), max: number(MAX_PHOTOS) })}
              </span>
            </li>
          ))}
        </ul>

        <div className="mt-6 rounded-2xl border border-brand-100 bg-brand-50 p-6">
          <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Sparkles aria-hidden className="size-5 text-brand-700" />
            {t('ai.heading')}
          </h3>
          <p className="mt-2 text-slate-700">{t('ai.text')}</p>
          <p className="mt-2 text-slate-700">
            {t('ai.plans', {
              gold: formatPrice(PLAN_DETAILS.gold.priceCents / 100, language),
              platinum: formatPrice(PLAN_DETAILS.platinum.priceCents / 100, language),
            })}
          </p>
          <Link
            to={paths.upgrade.href()}
            className="mt-3 inline-block font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {t('ai.comparePlans')}
          </Link>
        </div>
      </section>

      <section
        aria-labelledby="start-selling"
        className="mt-12 rounded-2xl bg-slate-900 p-6 text-center text-white sm:p-8"
      >
        <h2 id="start-selling" className="text-2xl font-bold">
          {t('cta.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">{t('cta.text')}</p>
        <Button asChild size="lg" className="mt-6 h-auto! min-h-12 py-3 whitespace-normal!">
          <Link to={paths.create.href()}>{t('cta.button')}</Link>
        </Button>
      </section>
    </div>
  );
}
