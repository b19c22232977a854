import { useInView } from 'react-intersection-observer';
import { Loader2, RotateCw } from 'lucide-react';
import { Button } from './button';

/**
 * The end of a list loaded a page at a time (TanStack Query's infinite query): the next page loads by
 * itself when this comes into view, and the button does it for a keyboard or a screen reader. After a
 * failed page it waits for the button, so a server that is down is not asked in a loop.
 */
export function LoadMore({
  query,
  loaded,
  label,
  loadingLabel,
  retryLabel,
  className,
}: {
  /** How many pages are loaded: after each one, whether this is still in view is asked afresh. */
  loaded: number;
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  label: string;
  loadingLabel: string;
  retryLabel: string;
  className?: string;
}) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const next = () => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  };

  if (!hasNextPage) return null;
  return (
    <div className={className}>
      {/* A new watcher per page loaded: the list has just moved under it (or kept its place). */}
      <Watcher key={loaded} onVisible={next} />
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
        {isFetchingNextPage ? loadingLabel : isFetchNextPageError ? retryLabel : label}
      </Button>
    </div>
  );
}

function Watcher({ onVisible }: { onVisible: () => void }) {
  const { ref } = useInView({ onChange: (inView) => inView && onVisible() });
  return <div ref={ref} aria-hidden className="h-px" />;
}
