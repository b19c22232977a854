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
  Wallet,
} from 'lucide-react';
import { PLAN_DETAILS } from '@common/catalog';
import { formatNumber, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { feeFigures } from '@client/lib/fee-figures';
import { useLanguage } from '@client/lib/use-language';

const STEPS = [
  { id: 'account', icon: UserPlus },
  { id: 'payouts', icon: Wallet },
  { id: 'describe', icon: FileText },
  { id: 'photos', icon: Camera },
  { id: 'publish', icon: Send },
  { id: 'answer', icon: MessageCircle },
] as const;

/**
 * What selling costs today (docs/payments.md): listing is free within the plan's limit; a sale paid
 * here costs the seller's level fee on the item price and card processing on the total; payouts go
 * through Stripe, when the part leaves or, for a held payment, when the buyer has it; either side may
 * cancel before it leaves, refunded in full; returns within 7 days when the seller accepts them (and
 * always under the fit guarantee); disputes the moderators decide; the optional referral commission
 * (2-10% of the price, from the seller's share); and the paid plans are optional. The plans card is
 * the wide one.
 */
const COSTS = [
  'listing',
  'sales',
  'processing',
  'payment',
  'held',
  'delivery',
  'cancel',
  'returns',
  'disputes',
  'referral',
  'plans',
] as const;
const MAX_PHOTOS = 10;
/** Listings with more photos than this get priority placement. */
const PHOTOS_FOR_PLACEMENT = 5;

const TIPS = ['photos', 'title', 'fitment', 'condition', 'price', 'reply'] as const;

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

export default function SellingGuidePage() {
  const { t } = useTranslation('guides', { keyPrefix: 'selling' });
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const price = (cents: number) => formatPrice(cents);
  const fees = feeFigures(language);
  /** The figures the cards quote, all from the plan catalogue and the fee rules. */
  const figures = {
    bronzeListings: number(PLAN_DETAILS.bronze.activeListings ?? 0),
    goldListings: number(PLAN_DETAILS.gold.activeListings ?? 0),
    gold: price(PLAN_DETAILS.gold.priceCents),
    platinum: price(PLAN_DETAILS.platinum.priceCents),
    ...fees.values,
  };

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

      <section aria-labelledby="selling-costs" className="mt-12">
        <h2 id="selling-costs" className="text-2xl font-bold">
          {t('costs.heading')}
        </h2>
        <p className="mt-3 text-slate-600">{t('costs.intro')}</p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          {COSTS.map((id) => (
            <div key={id} className={`${card} ${id === 'plans' ? 'sm:col-span-2' : ''}`}>
              <dt className="text-sm font-medium text-slate-600">{t(`costs.items.${id}.label`)}</dt>
              <dd className="mt-1 text-xl font-bold text-slate-900">
                {t(`costs.items.${id}.value`, figures)}
              </dd>
              <dd className="mt-2 text-sm text-slate-600">{t(`costs.items.${id}.note`, figures)}</dd>
            </div>
          ))}
        </dl>

        <div className={`${card} mt-4`}>
          <h3 id="fee-levels" className="text-lg font-semibold text-slate-900">
            {t('costs.levels.heading')}
          </h3>
          <p className="mt-2 text-sm text-slate-600">{t('costs.levels.intro')}</p>
          <table aria-labelledby="fee-levels" className="mt-4 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('costs.levels.level')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('costs.levels.sales')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('costs.levels.fee')}
                </th>
              </tr>
            </thead>
            <tbody>
              {fees.levels.map(({ level, from, to, rate }) => (
                <tr key={level} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                    {t(`costs.levels.names.${level}`)}
                  </th>
                  <td className="py-2 pr-3 text-slate-700">
                    {to === null
                      ? t('costs.levels.top', { from: number(from) })
                      : t('costs.levels.range', { from: number(from), to: number(to) })}
                  </td>
                  <td className="py-2 text-right font-semibold whitespace-nowrap text-slate-900">{rate}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 text-sm text-slate-600">{t('costs.levels.example', figures)}</p>
        </div>
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
          <p className="mt-2 text-slate-700">{t('ai.plans', figures)}</p>
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
