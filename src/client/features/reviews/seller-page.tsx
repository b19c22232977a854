import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BadgeCheck, UserRound } from 'lucide-react';
import { formatDate } from '@common/i18n/format';
import { paths } from '@common/routes';
import { REVIEW_TEXT_MAX, ReviewReplySchema, type Review } from '@common/schemas/reviews';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import type { Prefetch } from '@client/lib/prefetch';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { Alert, TextAreaField } from '@client/components/ui/field';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { useSession } from '@client/features/session';
import { ListingCard, ListingGrid } from '@client/features/listings';
import { SellerRating, Stars } from './stars';
import { reviewQueries, useReplyToReview } from './api';

/** The seller, rendered with the page. */
export const prefetch: Prefetch = (queryClient, { params }) =>
  queryClient.prefetchQuery(reviewQueries.seller(params.id ?? ''));

/** /seller/{id}: a seller's public name, member since, rating, reviews and listings on the market. */
export default function SellerPage() {
  const { t } = useTranslation(['reviews', 'market']);
  const language = useLanguage();
  const { id = '' } = useParams();
  const { user } = useSession();
  const seller = useQuery(reviewQueries.seller(id));

  if (seller.error instanceof ApiClientError && seller.error.status === 404)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Alert>{t('seller.notFound')}</Alert>
      </div>
    );
  if (seller.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <QueryError query={seller} />
      </div>
    );
  if (!seller.data)
    return (
      <div className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6" role="status">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-24 w-full" />
      </div>
    );

  const s = seller.data;
  const name = s.name ?? t('market:listing.anonymous');
  return (
    <>
      <PageMeta title={t('meta.title', { name })} path={paths.seller.href(s.id)} />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <header className="flex flex-wrap items-center gap-4">
          <span className="flex size-14 items-center justify-center rounded-full bg-slate-100">
            <UserRound aria-hidden className="size-7 text-slate-500" />
          </span>
          <div>
            <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
              {name}
              {s.verified ? (
                <span className="inline-flex items-center gap-0.5 text-sm font-semibold text-sky-700">
                  <BadgeCheck aria-hidden className="size-5" />
                  {t('seller.verified')}
                </span>
              ) : null}
            </h1>
            <p className="text-sm text-slate-600">
              {t('seller.memberSince', { date: formatDate(s.memberSince, language) })}
              {' · '}
              <span className="font-medium text-slate-800">{t(`orders:levels.${s.level}`)}</span>
              {s.completedSales ? ` · ${t('seller.completedSales', { count: s.completedSales })}` : ''}
            </p>
            {s.rating.count ? (
              <SellerRating rating={s.rating} className="mt-1 text-sm" />
            ) : (
              <p className="mt-1 text-sm text-slate-600">{t('noReviews')}</p>
            )}
          </div>
        </header>

        <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
          <section aria-labelledby="seller-listings">
            <h2 id="seller-listings" className="mb-4 text-lg font-semibold text-slate-900">
              {t('seller.listings')} ({s.activeCount.value}
              {s.activeCount.more ? '+' : ''})
            </h2>
            {s.activeListings.length ? (
              <ListingGrid>
                {s.activeListings.map((listing) => (
                  <ListingCard key={listing.id} listing={listing} />
                ))}
              </ListingGrid>
            ) : (
              <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
                {t('seller.noListings')}
              </p>
            )}
          </section>
          <section aria-labelledby="seller-reviews">
            <h2 id="seller-reviews" className="mb-4 text-lg font-semibold text-slate-900">
              {t('seller.reviews')}
            </h2>
            {s.reviews.length ? (
              <ol className="space-y-3">
                {s.reviews.map((review) => (
                  <ReviewItem key={review.id} review={review} canReply={user?.id === s.id} />
                ))}
              </ol>
            ) : (
              <p className="text-sm text-slate-600">{t('noReviews')}</p>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

function ReviewItem({ review, canReply }: { review: Review; canReply: boolean }) {
  const { t } = useTranslation(['reviews', 'errors']);
  const language = useLanguage();
  const by = review.reviewer ?? t('seller.deletedMember');
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <div className="flex items-center justify-between gap-2">
        <Stars value={review.rating} />
        <time className="text-xs text-slate-600" dateTime={review.createdAt}>
          {formatDate(review.createdAt, language)}
        </time>
      </div>
      <p className="mt-2 wrap-anywhere whitespace-pre-wrap text-slate-800">{review.text}</p>
      <p className="mt-1 text-xs text-slate-600">
        {t(review.role === 'buyer' ? 'seller.byBuyer' : 'seller.bySeller', {
          name: by,
          title: review.listingTitle,
        })}
      </p>
      {review.reply ? (
        <div className="mt-3 border-l-4 border-slate-200 pl-3">
          <p className="text-xs font-semibold text-slate-700">{t('seller.sellerReply')}</p>
          <p className="wrap-anywhere whitespace-pre-wrap text-slate-800">{review.reply.text}</p>
        </div>
      ) : canReply ? (
        <ReplyForm reviewId={review.id} />
      ) : null}
    </li>
  );
}

/** The member reviewed answers once, under the review. */
function ReplyForm({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation(['reviews', 'errors']);
  const reply = useReplyToReview(reviewId);
  const message = useErrorText();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(ReviewReplySchema, { defaultValues: { text: '' } });
  const submit = form.handleSubmit(async ({ text }) => {
    try {
      await reply.mutateAsync(text);
      toast.success(t('seller.replied'));
    } catch (error) {
      showServerErrors(form, error);
      toast.error(errorMessage(error, t));
    }
  });
  if (!open)
    return (
      <Button variant="ghost" size="sm" className="mt-2" onClick={() => setOpen(true)}>
        {t('seller.reply')}
      </Button>
    );
  return (
    <form className="mt-3 space-y-2" noValidate onSubmit={(event) => void submit(event)}>
      <TextAreaField
        label={t('seller.replyLabel')}
        rows={2}
        maxLength={REVIEW_TEXT_MAX}
        error={message(form.formState.errors.text?.message)}
        {...form.register('text')}
      />
      <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
        {t('seller.sendReply')}
      </Button>
    </form>
  );
}
