import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MessageCircle } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGE_MAX_LENGTH } from '@common/schemas/messages';
import { paths } from '@common/routes';
import { api, ApiClientError } from '@client/lib/api';
import { Button } from '@client/components/ui/button';
import { TextAreaField } from '@client/components/ui/field';
import { DialogClose, FormDialog } from '@client/components/ui/modal';
import { queryKeys } from '@client/lib/query-keys';

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
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
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
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={t('listing.dialogTitle')}
      description={t('listing.dialogDescription', { title })}
      wide
      trigger={
        <Button size="lg" className="w-full">
          <MessageCircle aria-hidden className="size-5" />
          {t('listing.contact')}
        </Button>
      }
    >
      <form onSubmit={(event) => void send(event)} className="mt-4">
        <TextAreaField
          label={t('listing.messageLabel')}
          rows={5}
          maxLength={MESSAGE_MAX_LENGTH}
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
          <DialogClose asChild>
            <Button variant="secondary">{t('listing.cancel')}</Button>
          </DialogClose>
          <Button type="submit" disabled={sending || !text.trim()}>
            {sending ? t('listing.sending') : t('listing.send')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
