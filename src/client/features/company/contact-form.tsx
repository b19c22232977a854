import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/lib/toast';
import { CONTACT_TOPICS, ContactSchema } from '@common/schemas/contact';
import { Button } from '@client/components/ui/button';
import { Alert, SelectField, TextAreaField, TextField } from '@client/components/ui/field';
import { useSession } from '@client/features/session';
import { useErrorText } from '@client/lib/form-errors';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { errorMessage } from '@client/lib/error-message';
import { useSendContactMessage } from './api';

/** The contact form: stored and emailed to support; the sender gets a copy. */
export function ContactForm() {
  const { t } = useTranslation(['company', 'errors']);
  const { user } = useSession();
  const [sent, setSent] = useState(false);
  const send = useSendContactMessage();
  const message = useErrorText();
  const form = useSchemaForm(ContactSchema, {
    defaultValues: {
      name: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
      email: user?.email ?? '',
      topic: undefined,
      message: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await send.mutateAsync(input);
      toast.success(t('contact.form.sent'), { description: t('contact.form.sentBody') });
      setSent(true);
      form.reset({ ...form.getValues(), topic: undefined, message: '' });
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('contact.form.error'), { description: errorMessage(error, t) });
    }
  });

  return (
    <section
      aria-labelledby="contact-form"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="contact-form" className="text-2xl font-bold">
        {t('contact.form.heading')}
      </h2>
      <p className="mt-1 text-slate-600">{t('contact.form.intro')}</p>
      {sent ? (
        <Alert tone="success" className="mt-4">
          {t('contact.form.sentBody')}
        </Alert>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('contact.form.name')}
          autoComplete="name"
          maxLength={80}
          error={message(errors.name?.message)}
          {...form.register('name')}
        />
        <TextField
          label={t('contact.form.email')}
          type="email"
          autoComplete="email"
          error={message(errors.email?.message)}
          {...form.register('email')}
        />
        <div className="sm:col-span-2">
          <SelectField
            {...form.register('topic')}
            label={t('contact.form.topic')}
            placeholder={t('contact.form.topicPlaceholder')}
            options={CONTACT_TOPICS}
            optionLabel={(topic) => t(`contact.form.topics.${topic}`)}
            error={message(errors.topic?.message)}
          />
        </div>
        <TextAreaField
          className="sm:col-span-2"
          label={t('contact.form.message')}
          rows={6}
          maxLength={4000}
          error={message(errors.message?.message)}
          {...form.register('message')}
        />
        <div className="sm:col-span-2 sm:text-right">
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? t('contact.form.sending') : t('contact.form.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
