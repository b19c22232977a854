import { useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import type { ConversationSummary } from '@common/schemas/messages';
import { formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { QueryError } from '@client/components/ui/query-error';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { inputClass } from '@client/components/ui/field';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadMore } from '@client/components/ui/load-more';
import { fallbackInterval, useRealtimeStatus } from '@client/features/realtime';
import { ListingPhoto } from '@client/features/photos';
import { messageQueries } from './api';
import { memberName, time } from './member-name';

/** The inbox's column: the search box and my conversations, a page at a time; `id` is the one open. */
export function InboxList({ id }: { id: string | undefined }) {
  const { t } = useTranslation('messages');
  const [search, setSearch] = useState('');
  const status = useRealtimeStatus();
  const list = useInfiniteQuery({
    ...messageQueries.list(search.trim()),
    refetchInterval: fallbackInterval(status, 15_000),
  });
  // Pages fetched at different moments may both hold a conversation that moved up meanwhile.
  const conversations = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? [])
      .flatMap((page) => page.conversations)
      .filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  }, [list.data]);

  return (
    <section
      aria-label={t('listLabel')}
      className={cn('min-h-0 min-w-0 flex-col border-slate-200 md:border-r', id ? 'hidden md:flex' : 'flex')}
    >
      <div className="border-b border-slate-200 p-3">
        <label className="relative block">
          <span className="sr-only">{t('search')}</span>
          <Search aria-hidden className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <input
            type="search"
            className={cn(inputClass, 'h-10! pl-9 text-sm!')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
      </div>
      <ul className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="p-3">
              <Skeleton className="h-14" />
            </li>
          ))
        ) : list.isError ? (
          <li>
            <QueryError query={list} className="m-3" />
          </li>
        ) : conversations.length === 0 ? (
          <li className="p-6 text-center text-sm text-slate-600">
            {search.trim() ? t('noMatches') : t('empty')}
          </li>
        ) : (
          <>
            {conversations.map((c) => (
              <ConversationRow key={c.id} conversation={c} active={c.id === id} />
            ))}
            {list.hasNextPage ? (
              <li>
                <LoadMore
                  query={list}
                  className="p-2"
                  label={t('moreConversations')}
                  loadingLabel={t('loadingConversations')}
                  retryLabel={t('retryPage')}
                />
              </li>
            ) : null}
          </>
        )}
      </ul>
    </section>
  );
}

function ConversationRow({
  conversation: c,
  active,
}: {
  conversation: ConversationSummary;
  active: boolean;
}) {
  const { t } = useTranslation(['messages', 'market']);
  const language = useLanguage();
  return (
    <li>
      <Link
        to={paths.conversation.href(c.id)}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex gap-3 border-b border-slate-100 p-3',
          active ? 'bg-brand-50' : 'hover:bg-slate-50',
        )}
      >
        <ListingPhoto
          photo={c.listing.photo}
          alt=""
          sizes="48px"
          className="size-12 shrink-0 rounded-lg"
          emptyLabel={t('market:card.noPhoto')}
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className="truncate font-semibold text-slate-900">{memberName(c.otherMember, t)}</p>
            {c.lastMessage ? (
              <time className="shrink-0 text-xs text-slate-600" dateTime={c.lastMessage.createdAt}>
                {time(c.lastMessage.createdAt, language)}
              </time>
            ) : null}
          </div>
          <p className="truncate text-xs text-slate-600">
            {c.listing.title} ·{' '}
            {c.listing.id ? formatPrice(c.listing.priceCents) : t('market:listing.noLongerAvailable')}
          </p>
          <div className="flex items-center justify-between gap-2">
            <p
              className={cn(
                'truncate text-sm',
                c.unreadCount ? 'font-semibold text-slate-900' : 'text-slate-600',
              )}
            >
              {c.lastMessage
                ? `${c.lastMessage.fromMe ? t('you') : ''}${
                    c.lastMessage.offer
                      ? t(`offers:event.${c.lastMessage.offer.action}`, {
                          amount: formatPrice(c.lastMessage.offer.amountCents),
                        })
                      : c.lastMessage.content
                  }`
                : ''}
            </p>
            {c.unreadCount ? (
              <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
                <span className="sr-only">{t('unread', { count: c.unreadCount })}</span>
                <span aria-hidden>{c.unreadCount}</span>
              </span>
            ) : null}
          </div>
        </div>
      </Link>
    </li>
  );
}
