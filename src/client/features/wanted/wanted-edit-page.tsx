import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { PageSkeleton } from '@client/components/layout/page-skeleton';
import { QueryError } from '@client/components/ui/query-error';
import { ApiClientError } from '@client/lib/api';
import { wantedQueries } from './api';
import { WantedForm } from './wanted-form';

/** /parts-wanted/{id}/edit: the owner edits their post; anyone else goes to the post. */
export default function WantedEditPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('wanted');
  const navigate = useNavigate();
  const post = useQuery(wantedQueries.detail(id));
  const missing = post.error instanceof ApiClientError && post.error.status === 404;
  const notMine = missing || (post.data && !post.data.isOwner);
  useEffect(() => {
    if (notMine) void navigate(paths.partsWantedPost.href(id), { replace: true });
  }, [notMine, navigate, id]);
  if (post.isError && !missing)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <QueryError query={post} />
      </div>
    );
  if (!post.data?.isOwner) return <PageSkeleton />;
  return (
    <>
      <PageMeta title={t('form.meta.editTitle')} noIndex />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{t('form.editTitle')}</h1>
        <div className="mt-6">
          <WantedForm post={post.data} />
        </div>
      </div>
    </>
  );
}
