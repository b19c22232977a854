import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/lib/toast';
import { Link, useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import { MESSAGE_MAX_LENGTH, SendMessageSchema } from '@common/schemas/messages';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { useContactSeller } from './api';
import { Button } from '@client/components/ui/button';
import { TextAreaField } from '@client/components/ui/field';
import { FormDialog } from '@client/components/ui/modal';
import { NameGate } from '@client/features/account';

/**
 * The "Send Message to Seller" dialog: starts or continues the conversation about this listing. Loaded
 * when the member first presses Contact Seller (see `ContactSeller`), with its form code.
 */
export default function ContactSellerDialog({
  listingId,
  title,
  open,
  onOpenChange: setOpen,
}: {
  listingId: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('market');
  const [limit, setLimit] = useState<string | null>(null);
  // One key per message typed: a retry after a lost answer does not send it twice.
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const navigate = useNavigate();
  const contact = useContactSeller(listingId);
  const form = useSchemaForm(SendMessageSchema, { defaultValues: { content: '' } });
  const message = useErrorText();
  const text = useWatch({ control: form.control, name: 'content' });
  const sending = form.formState.isSubmitting;

  const send = form.handleSubmit(async ({ content }) => {
    setLimit(null);
    try {
      const sent = await contact.mutateAsync({ content, clientId });
      toast.success(t('listing.sent'), {
        description: t('listing.sentBody'),
        action: {
          label: t('listing.openConversation'),
          onClick: () => void navigate(paths.conversation.href(sent.conversationId)),
        },
      });
      form.reset({ content: '' });
      setClientId(crypto.randomUUID());
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'CONVERSATION_LIMIT') setLimit(error.message);
      showServerErrors(form, error);
      toast.error(t('listing.sendError'), { description: errorMessage(error, t) });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={t('listing.dialogTitle')}
      description={t('listing.dialogDescription', { title })}
      wide
    >
      <NameGate>
        <form onSubmit={(event) => void send(event)} noValidate className="mt-4">
          <TextAreaField
            label={t('listing.messageLabel')}
            rows={5}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder={t('listing.messagePlaceholder')}
            error={message(form.formState.errors.content?.message)}
            {...form.register('content')}
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
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('listing.cancel')}
            </Button>
            <Button type="submit" disabled={sending || !text?.trim()}>
              {sending ? t('listing.sending') : t('listing.send')}
            </Button>
          </div>
        </form>
      </NameGate>
    </FormDialog>
  );
}
