import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ArrowDown, RotateCw } from 'lucide-react';
import type { Thread } from '@common/schemas/messages';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { QueryError } from '@client/components/ui/query-error';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadMore } from '@client/components/ui/load-more';
import { fallbackInterval, useRealtimeStatus } from '@client/features/realtime';
import { useSession } from '@client/features/session';
import { ReportButton, trustQueries } from '@client/features/trust';
import { OfferAnswer } from '@client/features/offers';
import { ConversationDeal } from '@client/features/orders';
import { messageQueries, useMarkConversationRead, useSendMessage } from './api';
import { Bubble } from './message-bubble';
import { Composer } from './composer';
import { ThreadHeader } from './thread-header';
import { memberName, time } from './member-name';
import { useThreadScroll } from './use-thread-scroll';
import { WaitingButton } from '@client/components/ui/waiting';

type Outgoing = { clientId: string; content: string; status: 'sending' | 'failed' };

/**
 * One open conversation: its header, its messages (older pages load above as the member scrolls
 * back), the offer to answer, and the composer, or why there is nothing to send.
 */
export function ThreadView({ id }: { id: string }) {
  const { t } = useTranslation(['messages', 'notifications', 'trust']);
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
  const other = head.conversation.otherMember;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ThreadHeader conversation={head.conversation} />
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
                <WaitingButton
                  className="inline-flex items-center gap-1 font-semibold text-red-700 underline"
                  onClick={() => send({ ...m, status: 'sending' })}
                >
                  <RotateCw aria-hidden className="size-3" />
                  {t('failed')}
                </WaitingButton>
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
      <ConversationDeal thread={head} />
      {blocks.data?.blocked || blocks.data?.blockedYou ? (
        <p role="status" className="border-t border-slate-200 bg-white p-4 text-sm text-slate-700">
          {blocks.data.blocked ? t('trust:block.blockedNotice') : t('trust:block.blockedYouNotice')}
        </p>
      ) : (
        <Composer onSend={(content) => send({ clientId: crypto.randomUUID(), content, status: 'sending' })} />
      )}
    </div>
  );
}
