import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WantedDetail } from '@common/schemas/wanted';
import { formatDate, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { useLanguage } from '@client/lib/use-language';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { SellerRating } from '@client/features/reviews';
import { PartNumberChips, useFitment } from './wanted-bits';

/** A titled box of the post's page. */
export function PostCard({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className ?? ''}`}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * What the member wants: what for, its numbers, the conditions and price that will do, where, who
 * they are (their stars as a buyer and seller) and since and until when.
 */
export function PostFacts({ post }: { post: WantedDetail }) {
  const { t } = useTranslation(['wanted', 'market']);
  const labels = useCatalogLabels();
  const language = useLanguage();
  const fitment = useFitment();
  const near = post.location
    ? post.radius
      ? t('post.withinMiles', { miles: post.radius, place: post.location })
      : t('post.near', { place: post.location })
    : null;
  return (
    <PostCard title={t('post.details')}>
      <dl className="space-y-3 text-sm">
        <Row term={t('post.fitment')}>
          <span className="font-semibold">{fitment(post)}</span>
        </Row>
        <Row term={t('post.category')}>{labels.category(post.category)}</Row>
        <Row term={t('post.partNumbers')}>
          {post.partNumbers.length ? (
            <PartNumberChips numbers={post.partNumbers} label={t('post.partNumbers')} />
          ) : (
            <span className="text-slate-600">{t('post.noPartNumbers')}</span>
          )}
        </Row>
        <Row term={t('post.conditions')}>
          {post.conditions.length
            ? post.conditions.map((condition) => labels.condition(condition)).join(', ')
            : t('post.anyCondition')}
        </Row>
        <Row term={t('post.maxPrice')}>
          {post.maxPriceCents === null ? t('card.anyPrice') : formatPrice(post.maxPriceCents)}
        </Row>
        <Row term={t('post.place')}>
          {[near, post.shipsToMe ? t('post.shipsToMe') : null].filter(Boolean).join(' · ')}
        </Row>
        <Row term={t('post.member')}>
          <span className="inline-flex flex-wrap items-center gap-2">
            <Link
              to={paths.seller.href(post.member.id)}
              className="font-medium text-brand-700 hover:underline"
            >
              {post.member.name ?? t('card.anonymous')}
            </Link>
            <SellerRating rating={post.member.rating} />
          </span>
        </Row>
        <Row term={t('post.posted')}>{formatDate(post.createdAt, language)}</Row>
        <Row term={post.state === 'expired' ? t('post.expired') : t('post.expires')}>
          {formatDate(post.expiresAt, language)}
        </Row>
      </dl>
    </PostCard>
  );
}
