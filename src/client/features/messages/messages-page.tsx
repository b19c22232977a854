import type { TFunction } from 'i18next';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowDown, ArrowLeft, MessageSquare, RotateCw, Search, Send } from 'lucide-react';
import {
  MESSAGE_MAX_LENGTH,
  SendMessageSchema,
  type ConversationSummary,
  type Message,
  type Thread,
} from '@common/schemas/messages';
import type { OfferEvent } from '@common/schemas/offers';
import { formatDate, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { useSchemaForm } from '@client/lib/form';
import { QueryError } from '@client/components/ui/query-error';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/field';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadMore } from '@client/components/ui/load-more';
import { fallbackInterval, useRealtimeStatus } from '@client/features/realtime';
import { useSession } from '@client/features/session';
import { ListingPhoto } from '@client/features/photos';
import { BlockButton, ReportButton, trustQueries } from '@client/features/trust';
import { OfferAnswer, OfferEventCard } from '@client/features/offers';
import { linkify } from './linkify';
import { messageQueries, useMarkConversationRead, useSendMessage } from './api';

type Outgoing = { clientId: string; content: string; status: 'sending' | 'failed' };

function time(iso: string, language: string) {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return today
    ? new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date)
    : formatDate(date, language as 'en');
}

/** /messages and /messages/{id}: the inbox and one conversation. */
export default function Inbox() {
  const { t } = useTranslation('messages');
  const { id } = useParams();
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
    <>
      <PageMeta title={t('meta.title')} noIndex />
      <div className={cn('mx-auto max-w-7xl px-4 py-6 sm:px-6', id && 'max-md:p-0')}>
        <h1 className={cn('text-2xl font-bold text-slate-900', id ? 'sr-only md:not-sr-only' : '')}>
          {t('title')}
        </h1>
        <div className="mt-4 grid grid-cols-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:h-[70vh] md:grid-cols-[22rem_1fr]">
          <section
            aria-label={t('listLabel')}
            className={cn(
              'min-h-0 min-w-0 flex-col border-slate-200 md:border-r',
              id ? 'hidden md:flex' : 'flex',
            )}
          >
            <div className="border-b border-slate-200 p-3">
              <label className="relative block">
                <span className="sr-only">{t('search')}</span>
                <Search
                  aria-hidden
                  className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
                />
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
          <section
            aria-label={t('threadLabel')}
            className={cn(
              'min-h-[60vh] min-w-0 flex-col md:min-h-0',
              // On a phone an open conversation fills the screen under the header; the composer
              // stays at the bottom, above the keyboard (the viewport shrinks with it).
              id
                ? 'flex max-md:fixed max-md:inset-x-0 max-md:top-16 max-md:bottom-0 max-md:z-30 max-md:bg-white'
                : 'hidden md:flex',
            )}
          >
            {id ? (
              <ThreadView key={id} id={id} />
            ) : (
              <div className="m-auto p-8 text-center">
                <MessageSquare aria-hidden className="mx-auto size-10 text-slate-400" />
                <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('select')}</h2>
                <p className="mt-1 text-sm text-slate-600">{t('selectBody')}</p>
              </div>
            )}
          </section>
        </div>
      </div>
    </>
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

function ThreadView({ id }: { id: string }) {
  const { t } = useTranslation(['messages', 'notifications', 'market', 'trust']);
  const language = useLanguage();
  const navigate = useNavigate();
  const { user } = useSession();
  const status = useRealtimeStatus();
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const thread = useInfiniteQuery({
    ...messageQueries.thread(id),
    refetchInterval: fallbackInterval(status, 10_000),
  });
  // The first page is the thread itself; later ones hold older messages.
  const head = thread.data?.pages[0] as Thread | undefined;
  const messages = useMemo(
    () => (thread.data ? [...thread.data.pages].reverse().flatMap((page) => page.messages) : []),
    [thread.data],
  );
  const otherId = head?.conversation.otherMember.id;
  // Either of the two may have blocked the other: then there is nothing to send.
  const blocks = useQuery({ ...trustQueries.between(otherId ?? ''), enabled: Boolean(otherId) });
  const markRead = useMarkConversationRead(user?.id);
  const sendMessage = useSendMessage(id);
  const composer = useSchemaForm(SendMessageSchema, { defaultValues: { content: '' } });
  const text = useWatch({ control: composer.control, name: 'content' }) ?? '';
  // What the other member sent that I have not read (pushed messages arrive unread).
  const unread = messages.filter((m) => m.senderId !== user?.id && !m.readAt).length;

  // Not a conversation of mine (or gone): back to the inbox. A network error keeps the thread open.
  const missing = thread.error instanceof ApiClientError && thread.error.status === 404;
  useEffect(() => {
    if (missing) void navigate(paths.messages.href(), { replace: true });
  }, [missing, navigate]);

  // Opening the conversation reads it.
  useEffect(() => {
    if (!unread) return;
    markRead.mutate(id);
    // Once per conversation and unread count; the mutation object changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, unread]);

  const stored = new Set(messages.map((m) => m.clientId));
  const pending = outgoing.filter((m) => !stored.has(m.clientId));
  const { listRef, onScroll, newBelow, arrived, toNewest } = useThreadScroll(
    messages,
    pending.length,
    user?.id,
  );

  /** Shown at once as "sending"; replaced by the stored message, or marked failed with a retry. */
  /** Shown at once as "sending"; replaced by the stored message, or marked failed with a retry. */
  const send = (message: Outgoing) => {
    setOutgoing((current) => [...current.filter((m) => m.clientId !== message.clientId), message]);
    sendMessage.mutate(
      { content: message.content, clientId: message.clientId },
      {
        onSuccess: () => setOutgoing((current) => current.filter((m) => m.clientId !== message.clientId)),
        onError: () =>
          setOutgoing((current) =>
            current.map((m) => (m.clientId === message.clientId ? { ...m, status: 'failed' } : m)),
          ),
      },
    );
  };

  const submit = composer.handleSubmit(({ content }) => {
    composer.reset({ content: '' });
    send({ clientId: crypto.randomUUID(), content, status: 'sending' });
  });

  if (thread.isError && !head && !missing) return <QueryError query={thread} className="m-4" />;
  if (!head) {
    return (
      <div className="space-y-3 p-4">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-16 w-2/3" />
        <Skeleton className="ml-auto h-16 w-2/3" />
      </div>
    );
  }
  const { conversation } = head;
  const other = conversation.otherMember;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex shrink-0 items-center gap-3 border-b border-slate-200 p-3">
        <Link
          to={paths.messages.href()}
          className="shrink-0 rounded-lg p-1.5 hover:bg-slate-100 md:hidden"
          aria-label={t('back')}
        >
          <ArrowLeft aria-hidden className="size-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900">{memberName(other, t)}</h2>
          {conversation.listing.id ? (
            <Link
              to={paths.listing.href(conversation.listing.id)}
              className="block truncate text-sm text-brand-700 hover:underline"
            >
              {conversation.listing.title} · {formatPrice(conversation.listing.priceCents)}
            </Link>
          ) : (
            <p className="truncate text-sm text-slate-600">
              {conversation.listing.title} · {t('market:listing.noLongerAvailable')}
            </p>
          )}
        </div>
        {other.deleted ? null : (
          <div className="flex shrink-0 flex-wrap justify-end">
            <ReportButton kind="member" targetId={other.id} compact />
            <BlockButton memberId={other.id} name={other.name} compact />
          </div>
        )}
      </header>
      {/* Offline is said once for the whole app, under the header. */}
      {status === 'reconnecting' ? (
        <p role="status" className="bg-amber-50 px-4 py-2 text-sm text-amber-900">
          {t('notifications:connection.reconnecting')}
        </p>
      ) : null}
      <div className="relative flex min-h-0 flex-1 flex-col">
        <ol
          ref={listRef}
          onScroll={onScroll}
          className="min-h-0 flex-1 space-y-2 overflow-y-auto overscroll-contain bg-slate-50 p-3 [overflow-anchor:none] sm:p-4"
        >
          <li>
            {thread.hasNextPage ? (
              <LoadMore
                query={thread}
                label={t('olderMessages')}
                loadingLabel={t('loadingOlder')}
                retryLabel={t('retryPage')}
              />
            ) : (
              <p className="py-1 text-center text-xs text-slate-500">{t('startOfConversation')}</p>
            )}
          </li>
          {messages.map((m) => (
            <Bubble
              key={m.id}
              mine={m.senderId === user?.id}
              content={m.removed ? null : m.content}
              removedText={t('trust:removedMessage')}
              offer={m.offer}
            >
              <time dateTime={m.createdAt}>{time(m.createdAt, language)}</time>
              {m.senderId === user?.id && m.readAt ? <span> · {t('read')}</span> : null}
              {m.senderId !== user?.id && !m.removed ? (
                <ReportButton kind="message" targetId={m.id} className="ml-1 h-6 px-1.5 text-xs" />
              ) : null}
            </Bubble>
          ))}
          {pending.map((m) => (
            <Bubble key={m.clientId} mine content={m.content}>
              {m.status === 'sending' ? (
                t('sending')
              ) : (
                <button
                  type="button"
                  className="inline-flex items-center gap-1 font-semibold text-red-700 underline"
                  onClick={() => send({ ...m, status: 'sending' })}
                >
                  <RotateCw aria-hidden className="size-3" />
                  {t('failed')}
                </button>
              )}
            </Bubble>
          ))}
        </ol>
        {newBelow ? (
          <Button
            size="sm"
            className="absolute bottom-3 left-1/2 -translate-x-1/2 shadow-md"
            onClick={toNewest}
          >
            <ArrowDown aria-hidden className="size-4" />
            {t('newMessagesBelow')}
          </Button>
        ) : null}
        {/* Said once to a screen reader: what arrived, not the older pages loaded above. */}
        <p className="sr-only" aria-live="polite">
          {arrived && arrived.senderId !== user?.id
            ? t('arrived', { name: memberName(other, t), content: arrived.content })
            : ''}
        </p>
      </div>
      {head.offer ? <OfferAnswer offer={head.offer} /> : null}
      {blocks.data?.blocked || blocks.data?.blockedYou ? (
        <p role="status" className="border-t border-slate-200 bg-white p-4 text-sm text-slate-700">
          {blocks.data.blocked ? t('trust:block.blockedNotice') : t('trust:block.blockedYouNotice')}
        </p>
      ) : (
        <form
          className="flex items-end gap-2 border-t border-slate-200 bg-white p-3"
          onSubmit={(event) => void submit(event)}
        >
          <label htmlFor="message-box" className="sr-only">
            {t('typeMessage')}
          </label>
          <textarea
            id="message-box"
            rows={2}
            maxLength={MESSAGE_MAX_LENGTH}
            className={cn(inputClass, 'h-auto! min-w-0 flex-1 resize-none py-2')}
            placeholder={t('typeMessage')}
            {...composer.register('content')}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void submit();
              }
            }}
          />
          <Button
            type="submit"
            size="icon"
            className="shrink-0"
            aria-label={t('send')}
            disabled={!text.trim()}
          >
            <Send aria-hidden className="size-4" />
          </Button>
        </form>
      )}
    </div>
  );
}

/**
 * Where a thread's list stands: at the newest message when opened and while the member stays at the
 * bottom (new messages, theirs or mine, come into view); in the same place when older messages load
 * above or a message arrives while they read further up (then a button leads down to it).
 */
/** Closer than this to the bottom counts as at the bottom. */
const AT_BOTTOM_PX = 48;

function useThreadScroll(messages: Message[], pending: number, userId: string | undefined) {
  const ref = useRef<HTMLOListElement>(null);
  /** Distance from the bottom, as of the last scroll. */
  const fromBottom = useRef(0);
  const seen = useRef<{ oldest?: string; newest?: string; pending: number }>({ pending: 0 });
  const [newBelow, setNewBelow] = useState(false);
  const [arrived, setArrived] = useState<Message | null>(null);
  const oldest = messages[0];
  const newest = messages[messages.length - 1];

  useLayoutEffect(() => {
    const list = ref.current;
    if (!list) return;
    const before = seen.current;
    seen.current = { oldest: oldest?.id, newest: newest?.id, pending };
    const opened = !before.newest;
    const arrivedBelow = Boolean(newest && before.newest && newest.id !== before.newest);
    const sentBelow = pending > before.pending;
    const atBottom = fromBottom.current < AT_BOTTOM_PX;
    if (opened || sentBelow || (arrivedBelow && (atBottom || newest?.senderId === userId))) {
      list.scrollTop = list.scrollHeight;
      fromBottom.current = 0;
      setNewBelow(false);
    } else if (oldest?.id !== before.oldest) {
      // Older messages above: the ones on screen stay where they were.
      list.scrollTop = list.scrollHeight - list.clientHeight - fromBottom.current;
    } else if (arrivedBelow) {
      setNewBelow(true);
    }
    if (arrivedBelow && newest) setArrived(newest);
  }, [oldest, newest, pending, userId]);

  return {
    listRef: ref,
    newBelow,
    arrived,
    onScroll: () => {
      const list = ref.current;
      if (!list) return;
      fromBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight;
      if (fromBottom.current < AT_BOTTOM_PX) setNewBelow(false);
    },
    toNewest: () => {
      const list = ref.current;
      if (list) list.scrollTo({ top: list.scrollHeight, behavior: 'smooth' });
      setNewBelow(false);
    },
  };
}

function Bubble({
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
  children: React.ReactNode;
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

/** The other member as this one sees them: first name and initial, or that they deleted their account. */
function memberName(member: { name: string | null; deleted: boolean }, t: TFunction): string {
  return member.deleted ? t('deletedMember') : (member.name ?? t('anonymous'));
}
