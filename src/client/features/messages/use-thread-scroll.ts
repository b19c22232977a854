import { useLayoutEffect, useRef, useState } from 'react';
import type { Message } from '@common/schemas/messages';

/**
 * Where a thread's list stands: at the newest message when opened and while the member stays at the
 * bottom (new messages, theirs or mine, come into view); in the same place when older messages load
 * above or a message arrives while they read further up (then a button leads down to it).
 */
/** Closer than this to the bottom counts as at the bottom. */
const AT_BOTTOM_PX = 48;

export function useThreadScroll(messages: Message[], pending: number, userId: string | undefined) {
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
