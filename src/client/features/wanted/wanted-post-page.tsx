import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import type { WantedDetail } from '@common/schemas/wanted';
import { formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import type { Prefetch } from '@client/lib/prefetch';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { PageMeta } from '@client/components/layout/page-meta';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { ListingCard, ListingGrid } from '@client/features/listings';
import { ListingPhoto } from '@client/features/photos';
import { useSession } from '@client/features/session';
import { BlockButton, ReportButton } from '@client/features/trust';
import { wantedQueries } from './api';
import { AnswerPanel } from './answer-panel';
import { OwnerActions } from './owner-actions';
import { PostCard, PostFacts } from './post-facts';
import { EmptyState, StateBadge } from './wanted-bits';

/** The post, rendered with the page. */
export const prefetch: Prefetch = (queryClient, { params }) =>
  queryClient.prefetchQuery(wantedQueries.detail(params.id ?? ''));

/**
 * /parts-wanted/{id}: what a member wants, and who they are; for its owner, their actions on it; for
 * anyone else, "I have this". Below, the listings on the market that match it now.
 */
export default function WantedPostPage() {
  const { t } = useTranslation(['wanted', 'market']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const post = useQuery(wantedQueries.detail(id));
  const missing = post.error instanceof ApiClientError && post.error.status === 404;

  useEffect(() => {
    // No such post (deleted, hidden, a wrong link): back to the list.
    if (missing) void navigate(paths.partsWanted.href(), { replace: true });
  }, [missing, navigate]);

  if (post.isError && !missing)
    return (
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <QueryError query={post} />
      </div>
    );
  if (!post.data)
    return (
      <div className="mx-auto max-w-6xl px-4 pt-4 pb-8 sm:px-6 sm:pt-8" role="status">
        <p className="sr-only">{t('post.loading')}</p>
        <div className="space-y-4">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-48 w-full" />
        </div>
      </div>
    );

  const p = post.data;
  return (
    <>
      <PageMeta
        title={t('post.metaTitle', { title: p.title })}
        description={(p.description || t('meta.description')).slice(0, 160)}
        path={paths.partsWantedPost.href(p.id)}
        noIndex={p.state !== 'open'}
      />
      <div className="mx-auto max-w-6xl px-4 pt-4 pb-8 sm:px-6 sm:pt-8">
        <Link
          to={paths.partsWanted.href(p.isOwner ? { mine: '1' } : {})}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('post.back')}
        </Link>
        <div
          className={cn(
            'mt-4 flex flex-col gap-6',
            p.photo && 'lg:grid lg:grid-cols-[2fr_3fr] lg:items-start lg:gap-8',
          )}
        >
          {p.photo ? (
            <ListingPhoto
              photo={p.photo}
              alt={p.title}
              sizes="(min-width: 1024px) 40vw, 100vw"
              className="aspect-[4/3] w-full rounded-xl"
              eager
              emptyLabel={t('market:card.noPhoto')}
            />
          ) : null}
          <div className="min-w-0 space-y-5">
            <Summary post={p} />
            {p.isOwner ? <OwnerActions post={p} /> : <AnswerPanel post={p} />}
            {p.description ? (
              <PostCard title={t('post.description')}>
                <p className="break-words whitespace-pre-line text-slate-800">{p.description}</p>
              </PostCard>
            ) : null}
            <PostFacts post={p} />
            {user && !p.isOwner ? (
              <div className="flex flex-wrap gap-1">
                <ReportButton kind="wanted" targetId={p.id} />
                <BlockButton memberId={p.member.id} name={p.member.name} />
              </div>
            ) : null}
          </div>
        </div>
        <Matches post={p} />
      </div>
    </>
  );
}

/** The top of a post: its badges, title and the most the member would pay. */
function Summary({ post }: { post: WantedDetail }) {
  const { t } = useTranslation('wanted');
  const labels = useCatalogLabels();
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
          {t('post.wanted')}
        </span>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
          {labels.category(post.category)}
        </span>
        {post.state === 'open' ? null : <StateBadge state={post.state} />}
      </div>
      <h1 className="mt-3 text-2xl font-bold break-words text-slate-900 sm:text-3xl">{post.title}</h1>
      <p className="mt-2 text-xl font-bold text-slate-900">
        {post.maxPriceCents === null
          ? t('card.anyPrice')
          : t('card.upTo', { price: formatPrice(post.maxPriceCents) })}
      </p>
    </div>
  );
}

/** "Listings that match": what is on the market for it now (only while it is open). */
function Matches({ post }: { post: WantedDetail }) {
  const { t } = useTranslation('wanted');
  return (
    <section aria-labelledby="wanted-matches" className="mt-10">
      <h2 id="wanted-matches" className="text-xl font-bold text-slate-900">
        {t('matches.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('matches.subtitle')}</p>
      <div className="mt-4">
        {post.matches.length ? (
          <ListingGrid>
            {post.matches.map((listing) => (
              <ListingCard key={listing.id} listing={listing} />
            ))}
          </ListingGrid>
        ) : (
          <EmptyState
            icon={SearchX}
            title={post.state === 'open' ? t('matches.empty') : t('matches.closed')}
            body={
              post.state === 'open'
                ? post.isOwner
                  ? t('matches.emptyOwner')
                  : t('matches.emptyBody')
                : undefined
            }
          />
        )}
      </div>
    </section>
  );
}
