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
import { formatNumber, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
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

/**
 * What selling costs today (docs/product.md §5): listing is free within the plan's limit, ModMarket
 * takes nothing from a sale and handles no payment, returns are the seller's to state, and the paid
 * plans are optional. The plans card is the wide one.
 */
const COSTS = ['listing', 'sales', 'payment', 'returns', 'plans'] as const;
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
  /** The figures the cards quote, all from the plan catalogue. */
  const figures = {
    bronzeListings: number(PLAN_DETAILS.bronze.activeListings ?? 0),
    goldListings: number(PLAN_DETAILS.gold.activeListings ?? 0),
    gold: price(PLAN_DETAILS.gold.priceCents),
    platinum: price(PLAN_DETAILS.platinum.priceCents),
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
