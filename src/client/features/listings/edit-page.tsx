import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { PageSkeleton } from '@client/components/layout/page-skeleton';
import { listingQueries } from './api';
import { ListingForm } from './listing-form';
import { ApiClientError } from '@client/lib/api';
import { QueryError } from '@client/components/ui/query-error';

/** /listing/{id}/edit: the owner edits every field and the photos. */
export default function EditPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const listing = useQuery(listingQueries.detail(id));
  const missing = listing.error instanceof ApiClientError && listing.error.status === 404;
  const notMine = missing || (listing.data && !listing.data.isOwner);
  useEffect(() => {
    if (notMine) void navigate(paths.listing.href(id), { replace: true });
  }, [notMine, navigate, id]);
  if (listing.isError && !missing)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <QueryError query={listing} />
      </div>
    );
  if (!listing.data?.isOwner) return <PageSkeleton />;
  return (
    <>
      <PageMeta title={t('form.editTitle')} noIndex />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{t('form.editTitle')}</h1>
        <div className="mt-6">
          <ListingForm listing={listing.data} />
        </div>
      </div>
    </>
  );
}
