import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { QueryError } from '@client/components/ui/query-error';
import { PageMeta } from '@client/components/layout/page-meta';
import { Skeleton } from '@client/components/ui/skeleton';
import { useSession } from '@client/features/session';
import { countView, listingQueries } from './api';
import { BlockButton, ReportButton } from '@client/features/trust';
import { ListingOffer } from '@client/features/offers';
import { BuyPanel, ShareEarn } from '@client/features/orders';
import { LeaveReviewCard, ReviewPanel } from '@client/features/reviews';
import type { Prefetch } from '@client/lib/prefetch';
import { Gallery } from './gallery';
import { Card } from './listing-section';
import { ListingSummary } from './listing-summary';
import { OwnerPanel } from './owner-panel';
import { ContactBar } from './contact-bar';
import { DetailsCard, FitmentCard } from './listing-details';

/** The listing, rendered with the page. */
export const prefetch: Prefetch = (queryClient, { params }) =>
  queryClient.prefetchQuery(listingQueries.detail(params.id ?? ''));

/** /listing/{id}: the part, its seller and the way to reach them. */
export default function ListingPage() {
  const { t } = useTranslation(['market', 'trust']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const counted = useRef(false);
  const listing = useQuery(listingQueries.detail(id));
  const missing = listing.error instanceof ApiClientError && listing.error.status === 404;

  useEffect(() => {
    // No such listing (deleted, a wrong link): back to browse.
    if (missing) void navigate(paths.browse.href(), { replace: true });
  }, [missing, navigate]);

  useEffect(() => {
    if (!listing.data || counted.current) return;
    counted.current = true;
    countView(id);
  }, [listing.data, id]);

  if (listing.isError && !missing)
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <QueryError query={listing} />
      </div>
    );
  if (!listing.data) {
    return (
      <div className="mx-auto max-w-7xl px-4 pt-4 pb-8 sm:px-6 sm:pt-8" role="status">
        <p className="sr-only">{t('listing.loading')}</p>
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <Skeleton className="aspect-[4/3] w-full" />
          <div className="space-y-4">
            <Skeleton className="h-8 w-3/4" />
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-32 w-full" />
          </div>
        </div>
      </div>
    );
  }

  const l = listing.data;
  return (
    <>
      <PageMeta title={l.title} description={l.description.slice(0, 160)} path={paths.listing.href(l.id)} />
      <div className="mx-auto max-w-7xl px-4 pt-4 pb-8 sm:px-6 sm:pt-8">
        <Link to={paths.browse.href()} className="text-sm font-medium text-brand-700 hover:underline">
          {t('listing.back')}
        </Link>
        {/*
          Phones show the part's photos first, across the screen, then its title, price and contact,
          fitment, details and description; wide screens keep photos and description on the left. The
          two columns are "display: contents" below lg, so their children order themselves in one column.
        */}
        <div className="mt-4 flex flex-col gap-6 lg:grid lg:grid-cols-[3fr_2fr] lg:items-start lg:gap-8">
          <div className="contents lg:col-start-2 lg:row-start-1 lg:block lg:space-y-5">
            <ListingSummary listing={l} />

            {l.isOwner ? <OwnerPanel listing={l} /> : !l.isSold ? <ContactBar listing={l} /> : null}
            <div className="order-1">
              <BuyPanel listing={l} />
            </div>
            {user && l.isSold ? (
              <div className="order-1 empty:hidden">
                <ReviewPanel listingId={l.id} />
              </div>
            ) : null}
            <LeaveReviewCard listing={l} />
            {user && !l.isOwner && !l.isSold ? (
              <div className="order-1">
                <ListingOffer
                  listingId={l.id}
                  title={l.title}
                  negotiable={l.negotiable}
                  pending={Boolean(l.pending)}
                  offer={l.myOffer ?? null}
                />
              </div>
            ) : null}

            {user && !l.isOwner && !l.isSold && l.referralAmountCents ? (
              <div className="order-1">
                <ShareEarn listingId={l.id} amountCents={l.referralAmountCents} />
              </div>
            ) : null}

            <FitmentCard listing={l} />

            <DetailsCard listing={l} />
            {user && !l.isOwner ? (
              <div className="order-5 flex flex-wrap gap-1">
                <ReportButton kind="listing" targetId={l.id} />
                <BlockButton memberId={l.seller.id} name={l.seller.name} />
              </div>
            ) : null}
          </div>
          <div className="contents lg:col-start-1 lg:row-start-1 lg:block lg:space-y-6">
            <div className="order-first">
              <Gallery photos={l.photos} title={l.title} />
            </div>
            {l.description ? (
              <Card className="order-4" title={t('listing.description')}>
                <p className="whitespace-pre-line break-words text-slate-800">{l.description}</p>
              </Card>
            ) : null}
          </div>
        </div>
      </div>
    </>
  );
}
