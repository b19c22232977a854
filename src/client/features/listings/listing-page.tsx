import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BadgeCheck, Calendar, Eye, MapPin, Pencil, Trash2, Truck, UserRound } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { yearRange } from '@common/labels';
import { FitBadge } from '@client/features/fleet';
import { FavouriteButton } from '@client/features/saved';
import { formatDate, formatNumber, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { QueryError } from '@client/components/ui/query-error';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { Skeleton } from '@client/components/ui/skeleton';
import { useSession } from '@client/features/session';
import { countView, listingQueries, useDeleteListing } from './api';
import { ContactSeller } from './contact-seller';
import { BlockButton, ReportButton } from '@client/features/trust';
import { ListingOffer, OwnerPending } from '@client/features/offers';
import { ReviewPanel, reviewQueries, SoldToDialog } from '@client/features/reviews';
import { PendingBadge, SellerRating } from './listing-badges';
import type { Prefetch } from '@client/lib/prefetch';
import { Gallery } from './gallery';
import { useListingStatus } from './use-listing-status';
import { BoostAction, BoostedBadge } from './boost-action';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { listingReference } from '@common/listing-reference';

function Badge({
  children,
  tone = 'slate',
}: {
  children: React.ReactNode;
  tone?: 'slate' | 'green' | 'red' | 'brand';
}) {
  const tones = {
    slate: 'bg-slate-100 text-slate-800',
    green: 'bg-green-100 text-green-800',
    red: 'bg-red-100 text-red-800',
    brand: 'bg-brand-50 text-brand-700',
  };
  return <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

function Card({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The listing, rendered with the page. */
export const prefetch: Prefetch = (queryClient, { params }) =>
  queryClient.prefetchQuery(listingQueries.detail(params.id ?? ''));

/** /listing/{id}: the part, its seller and the way to reach them. */
export default function ListingPage() {
  const { t } = useTranslation(['market', 'trust']);
  const labels = useCatalogLabels();
  const language = useLanguage();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const status = useListingStatus();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [choosingBuyer, setChoosingBuyer] = useState(false);
  const counted = useRef(false);
  const listing = useQuery(listingQueries.detail(id));
  const buyers = useQuery({
    ...reviewQueries.buyers(id),
    enabled: Boolean(listing.data?.isOwner && !listing.data.isSold),
  });
  const deleteListing = useDeleteListing();
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
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" role="status">
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
  const years = yearRange(l.yearStart, l.yearEnd);
  const remove = async () => {
    try {
      await deleteListing.mutateAsync(l.id);
      toast.success(t('listing.deleted'));
      void navigate(paths.dashboard.href(), { replace: true });
    } catch (error) {
      toast.error(t('listing.statusError'), { description: errorMessage(error, t) });
    }
  };
  const setSold = (isSold: boolean, buyerId?: string) =>
    status.mutate({ id: l.id, isSold, ...(buyerId ? { buyerId } : {}) });

  return (
    <>
      <PageMeta title={l.title} description={l.description.slice(0, 160)} path={paths.listing.href(l.id)} />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Link to={paths.browse.href()} className="text-sm font-medium text-brand-700 hover:underline">
          {t('listing.back')}
        </Link>
        {/*
          Phones read the part first (title, price, contact), then its photos, fitment, details and
          description; wide screens keep photos and description on the left. The two columns are
          "display: contents" below lg, so their children order themselves in one column.
        */}
        <div className="mt-4 flex flex-col gap-6 lg:grid lg:grid-cols-[3fr_2fr] lg:items-start lg:gap-8">
          <div className="contents lg:col-start-2 lg:row-start-1 lg:block lg:space-y-5">
            <div className="order-1">
              <div className="flex flex-wrap gap-2">
                <Badge tone={l.isSold ? 'red' : 'green'}>
                  {l.isSold ? t('listing.sold') : t('listing.available')}
                </Badge>
                <Badge tone="brand">{labels.category(l.category)}</Badge>
                <Badge>{labels.condition(l.condition)}</Badge>
                {l.pending ? <PendingBadge /> : null}
                {l.boostedUntil && !l.isSold ? <BoostedBadge /> : null}
                {l.hidden ? <Badge tone="red">{t('hidden.badge', { ns: 'trust' })}</Badge> : null}
              </div>
              <div className="mt-3 flex items-start justify-between gap-3">
                <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{l.title}</h1>
                {l.isOwner ? null : (
                  <FavouriteButton listingId={l.id} saved={l.favourite} className="shrink-0" />
                )}
              </div>
              <p className="mt-2 text-3xl font-extrabold text-slate-900">{formatPrice(l.priceCents)}</p>
              <p className="mt-1 text-sm text-slate-600">
                {l.negotiable ? t('listing.negotiable') : t('listing.firm')}
              </p>
              <p className="mt-1 text-sm text-slate-600" title={t('listing.referenceHint')}>
                <span>{t('listing.reference')}</span>{' '}
                <span
                  className="font-mono font-medium text-slate-800 select-all"
                  data-testid="listing-reference"
                >
                  {listingReference(l.id)}
                </span>
              </p>
            </div>

            {l.isOwner ? (
              <div className="order-1 space-y-2 rounded-xl border border-brand-100 bg-brand-50 p-4">
                <p className="text-sm font-medium text-slate-800">{t('listing.ownerNote')}</p>
                {l.hidden ? <Alert tone="error">{t('hidden.ownerNote', { ns: 'trust' })}</Alert> : null}
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="secondary" size="sm">
                    <Link to={paths.editListing.href(l.id)}>
                      <Pencil aria-hidden className="size-4" />
                      {t('listing.edit')}
                    </Link>
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    // Who bought it is asked only when somebody messaged about it, so the button waits
                    // until that is known.
                    disabled={status.isPending || (!l.isSold && buyers.isPending)}
                    onClick={() =>
                      l.isSold || buyers.data?.buyers.length === 0
                        ? setSold(!l.isSold)
                        : setChoosingBuyer(true)
                    }
                  >
                    {l.isSold ? t('listing.markAvailable') : t('listing.markSold')}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(true)}>
                    <Trash2 aria-hidden className="size-4" />
                    {t('listing.delete')}
                  </Button>
                </div>
                {l.pending ? <OwnerPending listingId={l.id} /> : null}
                <BoostAction listingId={l.id} boostedUntil={l.boostedUntil} isSold={l.isSold} />
              </div>
            ) : !l.isSold ? (
              // On phones the contact action is a bar pinned to the bottom of the screen.
              <div
                data-sticky-bar
                className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] backdrop-blur lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none"
              >
                <p aria-hidden className="shrink-0 text-lg font-bold text-slate-900 lg:hidden">
                  {formatPrice(l.priceCents)}
                </p>
                <div className="min-w-0 flex-1">
                  {user ? (
                    <ContactSeller listingId={l.id} title={l.title} />
                  ) : (
                    <Button asChild size="lg" className="w-full">
                      <Link to={paths.auth.href({ mode: 'signin', redirect: paths.listing.href(l.id) })}>
                        {t('listing.signInToContact')}
                      </Link>
                    </Button>
                  )}
                </div>
              </div>
            ) : null}
            {user && l.isSold ? (
              <div className="order-1">
                <ReviewPanel listingId={l.id} />
              </div>
            ) : null}
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

            <Card className="order-3" title={t('listing.fitment')}>
              <p className="text-lg font-semibold text-slate-900">{labels.vehicle(l.make, l.model)}</p>
              {years ? <p className="text-slate-700">{years}</p> : null}
              <FitBadge fit={l.fits} className="mt-2 text-sm" />
            </Card>

            <Card className="order-3" title={t('listing.details')}>
              <dl className="space-y-2 text-sm">
                <div className="flex items-center gap-2">
                  <UserRound aria-hidden className="size-4 text-slate-500" />
                  <dt className="sr-only">{t('listing.seller')}</dt>
                  <dd className="flex items-center gap-1 font-medium text-slate-900">
                    <Link to={paths.seller.href(l.seller.id)} className="text-brand-700 hover:underline">
                      {l.seller.name ?? t('listing.anonymous')}
                    </Link>
                    <SellerRating rating={l.seller.rating} />
                    {l.seller.verified ? (
                      <span className="inline-flex items-center gap-0.5 text-xs font-semibold text-sky-700">
                        <BadgeCheck aria-hidden className="size-4" />
                        {t('listing.verified')}
                      </span>
                    ) : null}
                  </dd>
                  {l.seller.verified ? (
                    <dd className="w-full pl-6 text-xs text-slate-600">{t('card.verifiedMeaning')}</dd>
                  ) : null}
                </div>
                {l.seller.ships || l.seller.localPickup ? (
                  <div className="flex items-center gap-2">
                    <Truck aria-hidden className="size-4 text-slate-500" />
                    <dt className="sr-only">{t('listing.handover')}</dt>
                    <dd className="flex flex-wrap gap-1.5">
                      {l.seller.ships ? (
                        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
                          {t('listing.ships')}
                        </span>
                      ) : null}
                      {l.seller.localPickup ? (
                        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
                          {t('listing.localPickup')}
                        </span>
                      ) : null}
                    </dd>
                  </div>
                ) : null}
                {l.location ? (
                  <div className="flex items-center gap-2">
                    <MapPin aria-hidden className="size-4 text-slate-500" />
                    <dt className="sr-only">{t('listing.location')}</dt>
                    <dd className="text-slate-800">{l.location}</dd>
                  </div>
                ) : null}
                <div className="flex items-center gap-2">
                  <Calendar aria-hidden className="size-4 text-slate-500" />
                  <dt className="sr-only">{t('listing.listed')}</dt>
                  <dd className="text-slate-800">
                    {t('listing.listedOn', { date: formatDate(l.createdAt, language) })}
                  </dd>
                </div>
                <div className="flex items-center gap-2">
                  <Eye aria-hidden className="size-4 text-slate-500" />
                  <dt className="sr-only">{t('listing.viewsLabel')}</dt>
                  <dd className="text-slate-800">
                    {t('listing.views', { count: l.views, formatted: formatNumber(l.views, language) })}
                  </dd>
                </div>
                {l.partBrand ? (
                  <div className="flex gap-1 border-t border-slate-100 pt-2 text-slate-800">
                    <dt>{t('listing.brand')}:</dt>
                    <dd>{l.partBrand === 'Other' ? (l.partBrandOther ?? '') : l.partBrand}</dd>
                  </div>
                ) : null}
                {l.partId ? (
                  <div className="flex gap-1 text-slate-800">
                    <dt>{t('listing.partId')}:</dt>
                    <dd className="break-all">{l.partId}</dd>
                  </div>
                ) : null}
                {l.productUrl ? (
                  <div>
                    <dt className="sr-only">{t('listing.productUrl')}</dt>
                    <dd>
                      <a
                        href={l.productUrl}
                        rel="noopener noreferrer nofollow"
                        target="_blank"
                        className="text-brand-700 underline"
                      >
                        {t('listing.productUrl')}
                      </a>
                    </dd>
                  </div>
                ) : null}
              </dl>
            </Card>
            {user && !l.isOwner ? (
              <div className="order-5 flex flex-wrap gap-1">
                <ReportButton kind="listing" targetId={l.id} />
                <BlockButton memberId={l.seller.id} name={l.seller.name} />
              </div>
            ) : null}
          </div>
          <div className="contents lg:col-start-1 lg:row-start-1 lg:block lg:space-y-6">
            <div className="order-2">
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
      {l.isOwner && !l.isSold ? (
        <SoldToDialog
          listingId={l.id}
          open={choosingBuyer}
          onOpenChange={setChoosingBuyer}
          onConfirm={(buyerId) => setSold(true, buyerId)}
        />
      ) : null}
      <Modal
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('listing.deleteTitle')}
        description={t('listing.deleteBody')}
      >
        <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
          {t('listing.cancel')}
        </Button>
        <Button onClick={() => void remove()}>{t('listing.deleteConfirm')}</Button>
      </Modal>
    </>
  );
}
