import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Scale } from 'lucide-react';
import { formatDate, formatDateTime, formatPrice } from '@common/i18n/format';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadMore } from '@client/components/ui/load-more';
import { adminQueries } from './api';
import { DisputeCase, type QueueItem } from './dispute-case';

/**
 * The "Disputes" tab: open disputes about orders, oldest first, each with who opened it, the order's
 * total and until when the other side has to answer. Opening one shows the whole case and the decision
 * form; deciding it (or going back) returns to the queue.
 */
export function DisputeQueue() {
  const [opened, setOpened] = useState<QueueItem | null>(null);
  const [returned, setReturned] = useState(false);
  if (opened)
    return (
      <DisputeCase
        item={opened}
        onBack={() => {
          setOpened(null);
          setReturned(true);
        }}
      />
    );
  return <Queue onOpen={setOpened} focusHeading={returned} />;
}

function Queue({ onOpen, focusHeading }: { onOpen: (item: QueueItem) => void; focusHeading: boolean }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const disputes = useInfiniteQuery(adminQueries.disputes());
  const heading = useRef<HTMLHeadingElement>(null);
  // Back from a case: the reader lands on the queue's heading, not at the top of the page.
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  const title = (
    <h2 ref={heading} tabIndex={-1} className="sr-only">
      {t('disputes.heading')}
    </h2>
  );
  if (disputes.isError)
    return (
      <>
        {title}
        <QueryError query={disputes} />
      </>
    );
  if (!disputes.data)
    return (
      <div className="space-y-3">
        {title}
        <Skeleton className="h-24 w-full rounded-2xl" />
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    );
  const items = disputes.data.pages.flatMap((page) => page.items);
  if (!items.length)
    return (
      <>
        {title}
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {t('disputes.empty')}
        </p>
      </>
    );
  return (
    <div className="space-y-4">
      {title}
      <p className="text-sm text-slate-600">{t('disputes.intro')}</p>
      <ol className="space-y-3">
        {items.map((item) => (
          <li
            key={item.id}
            aria-labelledby={`dispute-${item.id}`}
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4"
          >
            <div className="min-w-0">
              <h3
                id={`dispute-${item.id}`}
                className="flex items-center gap-2 font-medium wrap-anywhere text-slate-900"
              >
                <Scale aria-hidden className="size-4 shrink-0 text-brand-700" />
                {item.listingTitle}
              </h3>
              <p className="mt-1 text-sm text-slate-600">
                {t(`disputes.openedBy.${item.openedBy}`)}
                {' · '}
                <time dateTime={item.createdAt}>{formatDate(item.createdAt, language)}</time>
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-600">{t('disputes.total')}</dt>
                <dd className="text-slate-900 tabular-nums">
                  {formatPrice(item.totalCents, { cents: true })}
                </dd>
                {item.openedBy === 'card' ? (
                  <>
                    <dt className="text-slate-600">{t('disputes.decidedBy')}</dt>
                    <dd className="text-slate-900">{t('disputes.bank')}</dd>
                  </>
                ) : (
                  <>
                    <dt className="text-slate-600">{t('disputes.answerBy')}</dt>
                    <dd className="text-slate-900">
                      {item.answerBy ? formatDateTime(item.answerBy, language) : '—'}
                    </dd>
                  </>
                )}
              </dl>
            </div>
            <Button variant="secondary" onClick={() => onOpen(item)}>
              {t('disputes.open')}
              <span className="sr-only">: {item.listingTitle}</span>
            </Button>
          </li>
        ))}
      </ol>
      <LoadMore query={disputes} label={t('more')} />
    </div>
  );
}
