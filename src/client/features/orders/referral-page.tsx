import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Link2Off } from 'lucide-react';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/field';
import { Skeleton } from '@client/components/ui/skeleton';
import { useReferralVisit } from './api';

/**
 * /r/{code}: a shared referral link. This browser remembers it (the server's cookie, 30 days), then the
 * visitor goes on to its listing; an unknown code says so.
 */
export default function ReferralPage() {
  const { t } = useTranslation(['orders', 'errors']);
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const visit = useReferralVisit();
  const { mutate } = visit;
  const followed = useRef<string | null>(null);

  const follow = useCallback(
    () =>
      mutate(code, {
        onSuccess: ({ listingId }) => void navigate(paths.listing.href(listingId), { replace: true }),
      }),
    [code, mutate, navigate],
  );

  useEffect(() => {
    // Once per code (React runs effects twice in development).
    if (followed.current === code) return;
    followed.current = code;
    follow();
  }, [code, follow]);

  const unknown =
    visit.error instanceof ApiClientError && (visit.error.status === 404 || visit.error.status === 400);
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <PageMeta title={t('referral.title')} noIndex />
      {visit.isError ? (
        <div className="space-y-4">
          <Link2Off aria-hidden className="mx-auto size-10 text-slate-400" />
          <h1 className="text-2xl font-bold text-slate-900">
            {unknown ? t('referral.unknown') : t('referral.failed')}
          </h1>
          <Alert tone={unknown ? 'info' : 'error'}>
            {unknown ? t('referral.unknownBody') : errorMessage(visit.error, t)}
          </Alert>
          <div className="flex flex-wrap justify-center gap-3">
            {unknown ? null : (
              <Button disabled={visit.isPending} onClick={follow}>
                {t('referral.retry')}
              </Button>
            )}
            <Button asChild variant={unknown ? 'primary' : 'secondary'}>
              <Link to={paths.browse.href()}>{t('lists.browse')}</Link>
            </Button>
          </div>
        </div>
      ) : (
        <div role="status" className="space-y-4">
          <h1 className="text-xl font-semibold text-slate-900">{t('referral.opening')}</h1>
          <Skeleton className="mx-auto h-4 w-2/3" />
        </div>
      )}
    </div>
  );
}
