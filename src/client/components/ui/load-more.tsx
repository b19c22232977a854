import { useTranslation } from 'react-i18next';
import { useInView } from 'react-intersection-observer';
import { Loader2, RotateCw } from 'lucide-react';
import { Button } from './button';

/**
 * The end of a list loaded a page at a time (TanStack Query's infinite query): the next page loads by
 * itself when this comes into view, and the button does it for a keyboard or a screen reader. After a
 * failed page it waits for the button, so a server that is down is not asked in a loop. Every paged
 * list of the app ends with this one (its labels default to the shared "Load more" ones).
 */
export function LoadMore({
  query,
  label,
  loadingLabel,
  retryLabel,
  className,
}: {
  query: {
    /** When the list last changed (a page loaded, a refetch, a pushed change). */
    dataUpdatedAt: number;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  label?: string;
  loadingLabel?: string;
  retryLabel?: string;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const next = () => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  };

  if (!hasNextPage) return null;
  return (
    <div className={className}>
      {/*
        A new watcher whenever the list changed: whether this is in view is asked afresh, so a page
        whose fetch was cancelled (a refetch took its place) is asked for again.
      */}
      <Watcher key={query.dataUpdatedAt} onVisible={next} />
      <Button
        variant="ghost"
        size="sm"
        className="w-full"
        disabled={isFetchingNextPage}
        onClick={() => void fetchNextPage()}
      >
        {isFetchingNextPage ? (
          <Loader2 aria-hidden className="size-4 animate-spin" />
        ) : isFetchNextPageError ? (
          <RotateCw aria-hidden className="size-4" />
        ) : null}
        {isFetchingNextPage
          ? (loadingLabel ?? t('loadMore.loading'))
          : isFetchNextPageError
            ? (retryLabel ?? t('loadMore.retry'))
            : (label ?? t('loadMore.more'))}
      </Button>
    </div>
  );
}

function Watcher({ onVisible }: { onVisible: () => void }) {
  const { ref } = useInView({ onChange: (inView) => inView && onVisible() });
  return <div ref={ref} aria-hidden className="h-px" />;
}
