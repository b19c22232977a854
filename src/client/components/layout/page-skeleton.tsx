import { Skeleton } from '@client/components/ui/skeleton';

/** Shown while a page's code and translations load. */
export function PageSkeleton() {
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-12 sm:px-6" aria-busy="true">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-5/6" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
