import type { ReactNode } from 'react';
import type { OfferEvent } from '@common/schemas/offers';
import { cn } from '@client/lib/cn';
import { OfferEventCard } from '@client/features/offers';
import { linkify } from './linkify';

/** One message of a thread: mine on the right, theirs on the left, an offer's step as its card. */
export function Bubble({
  mine,
  content,
  removedText,
  offer,
  children,
}: {
  mine: boolean;
  /** Null: removed by a moderator, `removedText` says so. */
  content: string | null;
  removedText?: string;
  /** A step of an offer: shown as an event card, `content` as its note. */
  offer?: OfferEvent | null;
  children: ReactNode;
}) {
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm',
          offer
            ? 'border border-amber-300 bg-amber-50 text-slate-900'
            : mine
              ? 'bg-brand-700 text-white'
              : 'border border-slate-200 bg-white text-slate-900',
        )}
      >
        {content === null ? (
          <p className={cn('italic', mine && !offer ? 'text-white/80' : 'text-slate-500')}>{removedText}</p>
        ) : offer ? (
          <OfferEventCard event={offer} note={content} />
        ) : (
          <p className="whitespace-pre-wrap wrap-anywhere">{linkify(content, mine)}</p>
        )}
        <p className={cn('mt-1 text-right text-xs', mine && !offer ? 'text-white/80' : 'text-slate-500')}>
          {children}
        </p>
      </div>
    </li>
  );
}
