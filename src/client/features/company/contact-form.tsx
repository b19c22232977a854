import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CONTACT_TOPICS, ContactSchema } from '@common/schemas/contact';
import { api, ApiClientError } from '@client/lib/api';
import { Button } from '@client/components/ui/button';
import { Alert, SelectField, TextAreaField, TextField } from '@client/components/ui/field';
import { useSession } from '@client/features/session';
import { issuesByField, useErrorText } from '@client/lib/form-errors';

/** The contact form: stored and emailed to support; the sender gets a copy. */
export function ContactForm() {
  const { t } = useTranslation(['company', 'errors']);
  const { user } = useSession();
  const [values, setValues] = useState(() => ({
    name: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
    email: user?.email ?? '',
    topic: '',
    message: '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const message = useErrorText();
  const set = (name: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ContactSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setSending(true);
    try {
      await api('/contact', { body: parsed.data });
      toast.success(t('contact.form.sent'), { description: t('contact.form.sentBody') });
      setSent(true);
      setValues((current) => ({ ...current, topic: '', message: '' }));
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'VALIDATION_ERROR') setErrors(error.fields);
      toast.error(t('contact.form.error'), {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setSending(false);
    }
  };

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
          value={values.name}
          autoComplete="name"
          maxLength={80}
          error={message(errors.name)}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextField
          label={t('contact.form.email')}
          type="email"
          value={values.email}
          autoComplete="email"
          error={message(errors.email)}
          onChange={(event) => set('email', event.target.value)}
        />
        <div className="sm:col-span-2">
          <SelectField
            name="contact-topic"
            label={t('contact.form.topic')}
            placeholder={t('contact.form.topicPlaceholder')}
            options={CONTACT_TOPICS}
            optionLabel={(topic) => t(`contact.form.topics.${topic}`)}
            value={values.topic}
            error={message(errors.topic)}
            onChange={(value) => set('topic', value)}
          />
        </div>
        <TextAreaField
          className="sm:col-span-2"
          label={t('contact.form.message')}
          rows={6}
          maxLength={4000}
          value={values.message}
          error={message(errors.message)}
          onChange={(event) => set('message', event.target.value)}
        />
        <div className="sm:col-span-2 sm:text-right">
          <Button type="submit" size="lg" disabled={sending}>
            {sending ? t('contact.form.sending') : t('contact.form.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
