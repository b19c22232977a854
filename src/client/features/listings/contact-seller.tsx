import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MessageCircle } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGE_MAX_LENGTH } from '@common/schemas/messages';
import { paths } from '@common/routes';
import { api, ApiClientError } from '@client/lib/api';
import { messageKeys } from '@client/features/messages/keys';
import { Button } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/field';
import { cn } from '@client/lib/cn';

/** "Send Message to Seller": starts or continues the conversation about this listing. */
export function ContactSeller({ listingId, title }: { listingId: string; title: string }) {
  const { t } = useTranslation('market');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [limit, setLimit] = useState<string | null>(null);
  // One key per message typed: a retry after a lost answer does not send it twice.
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) return;
    setSending(true);
    setLimit(null);
    try {
      const sent = await api<{ conversationId: string }>(`/listings/${listingId}/messages`, {
        body: { content, clientId },
      });
      toast.success(t('listing.sent'), {
        description: t('listing.sentBody'),
        action: {
          label: t('listing.openConversation'),
          onClick: () => void navigate(paths.conversation.href(sent.conversationId)),
        },
      });
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      setText('');
      setClientId(crypto.randomUUID());
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'CONVERSATION_LIMIT') setLimit(error.message);
      toast.error(t('listing.sendError'), {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="lg" className="w-full">
          <MessageCircle aria-hidden className="size-5" />
          {t('listing.contact')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold text-slate-900">{t('listing.dialogTitle')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {t('listing.dialogDescription', { title })}
          </Dialog.Description>
          <form onSubmit={(event) => void send(event)} className="mt-4">
            <label htmlFor="contact-message" className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('listing.messageLabel')}
            </label>
            <textarea
              id="contact-message"
              rows={5}
              maxLength={MESSAGE_MAX_LENGTH}
              className={cn(inputClass, 'h-auto py-2')}
              placeholder={t('listing.messagePlaceholder')}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {limit ? (
              <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                {limit}{' '}
                <Link to={paths.upgrade.href()} className="font-semibold underline">
                  {t('form.seePlans')}
                </Link>
              </p>
            ) : null}
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('listing.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={sending || !text.trim()}>
                {sending ? t('listing.sending') : t('listing.send')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
