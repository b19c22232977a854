import { useTranslation } from 'react-i18next';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { errorMessage } from '@client/lib/error-message';
import { cn } from '@client/lib/cn';
import { Button } from './button';

/** What a screen shows when its data could not be loaded: why, in the reader's language, and Retry. */
export function QueryError({
  query,
  className,
}: {
  /** The failed query (TanStack Query's result): its error, and `refetch` for Retry. */
  query: { error: unknown; refetch: () => unknown; isFetching?: boolean };
  className?: string;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const retrying = query.isFetching ?? false;
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center',
        className,
      )}
    >
      <TriangleAlert aria-hidden className="size-8 text-red-600" />
      <h2 className="mt-3 font-semibold text-slate-900">{t('common:queryError.title')}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-700">{errorMessage(query.error, t)}</p>
      <Button className="mt-5" variant="secondary" disabled={retrying} onClick={() => void query.refetch()}>
        <RotateCw aria-hidden className={cn('size-4', retrying && 'animate-spin')} />
        {retrying ? t('common:queryError.retrying') : t('common:queryError.retry')}
      </Button>
    </div>
  );
}
