import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { MESSAGE_MAX_LENGTH, SendMessageSchema } from '@common/schemas/messages';
import { useSchemaForm } from '@client/lib/form';
import { cn } from '@client/lib/cn';
import { Button } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/field';

/** The message box under a thread: Enter sends (Shift+Enter is a new line), the box empties at once. */
export function Composer({ onSend }: { onSend: (content: string) => void }) {
  const { t } = useTranslation('messages');
  const composer = useSchemaForm(SendMessageSchema, { defaultValues: { content: '' } });
  const text = useWatch({ control: composer.control, name: 'content' }) ?? '';

  const submit = composer.handleSubmit(({ content }) => {
    composer.reset({ content: '' });
    onSend(content);
  });

  return (
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
      <Button type="submit" size="icon" className="shrink-0" aria-label={t('send')} disabled={!text.trim()}>
        <Send aria-hidden className="size-4" />
      </Button>
    </form>
  );
}
