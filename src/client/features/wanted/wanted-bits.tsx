import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import type { WantedState } from '@common/schemas/wanted';
import { yearRange } from '@common/labels';
import { cn } from '@client/lib/cn';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';

/** Small parts the list and a post's page share: the state badge, the fitment line, part number chips. */

const STATE_TONES: Record<WantedState, string> = {
  open: 'bg-green-100 text-green-800',
  found: 'bg-sky-100 text-sky-900',
  expired: 'bg-amber-100 text-amber-900',
  hidden: 'bg-red-100 text-red-800',
};

/** Open, found, expired or hidden (by a moderator). */
export function StateBadge({ state, className }: { state: WantedState; className?: string }) {
  const { t } = useTranslation('wanted');
  return (
    <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATE_TONES[state], className)}>
      {t(`state.${state}`)}
    </span>
  );
}

/** "Nissan · 240SX · 1989-1994": what the part is for. */
export function useFitment() {
  const labels = useCatalogLabels();
  return (post: { make: string; model: string; yearStart: number | null; yearEnd: number | null }) =>
    [
      labels.make(post.make),
      labels.model(post.model),
      // One year (a vehicle of the member's fleet) reads as that year.
      post.yearStart && post.yearStart === post.yearEnd
        ? String(post.yearStart)
        : yearRange(post.yearStart, post.yearEnd),
    ]
      .filter(Boolean)
      .join(' · ');
}

/** A post's part numbers, each a chip in a fixed-width face. */
export function PartNumberChips({
  numbers,
  label,
  className,
}: {
  numbers: string[];
  label: string;
  className?: string;
}) {
  if (!numbers.length) return null;
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-1.5', className)}>
      {numbers.map((number) => (
        <li
          key={number}
          className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs font-medium break-all text-slate-800 ring-1 ring-slate-200"
        >
          {number}
        </li>
      ))}
    </ul>
  );
}

/** An empty list: its icon, what it means, and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  body,
  children,
}: {
  icon: LucideIcon;
  title: string;
  body?: string;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <Icon aria-hidden className="mx-auto size-10 text-slate-400" />
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      {body ? <p className="mx-auto mt-1 max-w-md text-slate-600">{body}</p> : null}
      {children ? <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}
