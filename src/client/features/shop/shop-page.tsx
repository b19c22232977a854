import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Cap, KeyRound, Shirt, Sticker, Store } from 'lucide-react';
import { formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { prefetchSite, useSiteSettings } from '@client/features/site';

const CATEGORIES = ['tshirts', 'sweatpants', 'hats', 'accessories'] as const;
type MerchCategory = (typeof CATEGORIES)[number];

/** The merchandise (docs/product.md §5). Names are translated under `items.<id>`; prices are USD. */
const ITEMS: { id: string; category: MerchCategory; priceCents: number }[] = [
  { id: 'tee-classic', category: 'tshirts', priceCents: 2500 },
  { id: 'tee-premium', category: 'tshirts', priceCents: 3200 },
  { id: 'pants-comfy', category: 'sweatpants', priceCents: 4900 },
  { id: 'pants-performance', category: 'sweatpants', priceCents: 5900 },
  { id: 'hat-snapback', category: 'hats', priceCents: 2200 },
  { id: 'hat-dad', category: 'hats', priceCents: 2000 },
  { id: 'acc-stickers', category: 'accessories', priceCents: 800 },
  { id: 'acc-keychain', category: 'accessories', priceCents: 1200 },
];

type Icon = ComponentType<{ className?: string }>;

/** Lucide has no trousers; this one is drawn in the same 24-unit, 2-px stroke style. */
function SweatpantsIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <path d="M7 3h10l1.5 16.5a1.5 1.5 0 0 1-1.5 1.5h-2.2L12 10l-2.8 11H7a1.5 1.5 0 0 1-1.5-1.5z" />
      <path d="M7 6h10" />
      <path d="M11 6v2.5M13 6v2.5" />
    </svg>
  );
}

/** Placeholder artwork until product photos exist: one icon and tint per item. */
const ARTWORK: Record<string, { icon: Icon; tint: string }> = {
  'tee-classic': { icon: Shirt, tint: 'bg-brand-50 text-brand-700' },
  'tee-premium': { icon: Shirt, tint: 'bg-slate-900 text-brand-500' },
  'pants-comfy': { icon: SweatpantsIcon, tint: 'bg-slate-100 text-slate-700' },
  'pants-performance': { icon: SweatpantsIcon, tint: 'bg-slate-900 text-slate-100' },
  'hat-snapback': { icon: Cap, tint: 'bg-brand-100 text-brand-700' },
  'hat-dad': { icon: Cap, tint: 'bg-slate-100 text-slate-700' },
  'acc-stickers': { icon: Sticker, tint: 'bg-brand-50 text-brand-600' },
  'acc-keychain': { icon: KeyRound, tint: 'bg-slate-100 text-slate-700' },
};

const NOTICE_ID = 'shop-notice';

/** Whether the shop is open (`SHOP_URL`) comes with the page. */
export const prefetch = prefetchSite;

export default function ShopPage() {
  const { t } = useTranslation('shop');
  // Until the settings are known (or if they cannot be read), the shop shows as not open yet.
  const shopUrl = useSiteSettings()?.shopUrl ?? null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageMeta title={t('metaTitle')} description={t('metaDescription')} path={paths.shop.href()} />

      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-4 text-lg text-slate-600">{t('intro')}</p>
        <p
          id={NOTICE_ID}
          className="mt-6 flex items-start gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 text-slate-800"
        >
          <Store aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>{shopUrl ? t('noticeOpen') : t('notice')}</span>
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-2">
        {CATEGORIES.map((category) => (
          <section key={category} aria-labelledby={`shop-${category}`}>
            <h2 id={`shop-${category}`} className="text-2xl font-bold">
              {t(`categories.${category}`)}
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {ITEMS.filter((item) => item.category === category).map((item) => {
                const artwork = ARTWORK[item.id];
                const Artwork = artwork?.icon ?? Store;
                return (
                  <li
                    key={item.id}
                    className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
                  >
                    <div
                      aria-hidden
                      className={`flex aspect-[4/3] items-center justify-center rounded-xl ${artwork?.tint ?? 'bg-slate-100 text-slate-700'}`}
                    >
                      <Artwork className="size-20" />
                    </div>
                    <h3 className="mt-4 font-semibold text-slate-900">{t(`items.${item.id}`)}</h3>
                    <p className="mt-1 text-lg font-bold text-brand-700">{formatPrice(item.priceCents)}</p>
                    {shopUrl ? (
                      <Button asChild className="mt-4 w-full">
                        <a
                          href={shopUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={t('buyNowLabel', { item: t(`items.${item.id}`) })}
                        >
                          {t('buyNow')}
                        </a>
                      </Button>
                    ) : (
                      <Button disabled aria-describedby={NOTICE_ID} className="mt-4 w-full">
                        {t('comingSoon')}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
