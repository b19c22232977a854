import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  type Account,
  type ActiveSession,
} from '@common/schemas/account';
import { formatDateTime } from '@common/i18n/format';
import { paths } from '@common/routes';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { Alert, TextField } from '@client/components/ui/field';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { NewPasswordField } from '@client/features/auth';
import {
  accountQueries,
  useChangePassword,
  useEndOtherSessions,
  useEndSession,
  useRequestEmailChange,
} from './api';
import { SettingsCard } from './settings-card';
import { CurrentPasswordField, TwoFactorCodeField } from './confirm-fields';
import { TwoFactorCard } from './two-factor-card';

/** Password, email address and the browsers signed in. */
export function SecuritySection() {
  const account = useQuery(accountQueries.details());
  return (
    <div className="space-y-6">
      {account.data ? (
        <>
          <PasswordForm account={account.data} />
          <EmailForm account={account.data} />
          <TwoFactorCard account={account.data} />
        </>
      ) : account.isError ? (
        <QueryError query={account} />
      ) : (
        <Skeleton className="h-72 w-full rounded-2xl" />
      )}
      <SessionsList />
    </div>
  );
}

function PasswordForm({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const message = useErrorText();
  const change = useChangePassword();
  const form = useSchemaForm(ChangePasswordSchema, {
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting, dirtyFields, isSubmitted } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const submit = form.handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
      form.reset();
      toast.success(t('password.changed'), { description: t('password.changedBody') });
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('password.failed'), { description: errorMessage(error, t) });
    }
  });

  if (!account.hasPassword)
    return (
      <SettingsCard title={t('password.title')}>
        <Alert>
          <Trans
            t={t}
            i18nKey="password.none"
            components={{
              reset: <Link to={paths.forgotPassword.href()} className="font-medium underline" />,
            }}
          />
        </Alert>
      </SettingsCard>
    );
  return (
    <SettingsCard title={t('password.title')} description={t('password.description')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="max-w-md space-y-4">
        <CurrentPasswordField
          error={message(errors.currentPassword?.message)}
          {...form.register('currentPassword')}
        />
        <NewPasswordField
          label={t('password.new')}
          password={password}
          showRules={Boolean(dirtyFields.password) || isSubmitted}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          required
          error={message(errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('saving') : t('password.submit')}
        </Button>
      </form>
    </SettingsCard>
  );
}

function EmailForm({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const message = useErrorText();
  const request = useRequestEmailChange();
  const form = useSchemaForm(ChangeEmailSchema, {
    defaultValues: { email: '', currentPassword: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await request.mutateAsync(input);
      form.reset();
      toast.success(t('email.sent'), { description: t('email.sentBody', { email: input.email }) });
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('email.failed'), { description: errorMessage(error, t) });
    }
  });
  return (
    <SettingsCard
      title={t('email.title')}
      description={
        <Trans t={t} i18nKey="email.current" values={{ email: account.email }} components={{ b: <b /> }} />
      }
    >
      {account.pendingEmail ? (
        <Alert className="mb-4 wrap-anywhere">{t('email.pending', { email: account.pendingEmail })}</Alert>
      ) : null}
      {account.hasPassword ? (
        <form onSubmit={(event) => void submit(event)} noValidate className="max-w-md space-y-4">
          <TextField
            label={t('email.new')}
            type="email"
            autoComplete="email"
            required
            error={message(errors.email?.message)}
            {...form.register('email')}
          />
          <CurrentPasswordField
            error={message(errors.currentPassword?.message)}
            {...form.register('currentPassword')}
          />
          {account.twoFactorEnabled ? (
            <TwoFactorCodeField error={message(errors.code?.message)} {...form.register('code')} />
          ) : null}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('saving') : t('email.submit')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-slate-600">{t('email.needsPassword')}</p>
      )}
    </SettingsCard>
  );
}

const deviceIcons = { desktop: Monitor, mobile: Smartphone, tablet: Tablet } as const;

function SessionsList() {
  const { t } = useTranslation('account');
  const sessions = useQuery(accountQueries.sessions());
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => toast.success(t('sessions.endedOthers', { count: ended })),
      onError: (error) => toast.error(errorMessage(error, t)),
    });
  return (
    <SettingsCard title={t('sessions.title')} description={t('sessions.description')}>
      {sessions.data ? (
        <>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {sessions.data.sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          <Button
            variant="secondary"
            className="mt-4"
            disabled={others === 0 || endOthers.isPending}
            onClick={signOutOthers}
          >
            {t('sessions.endOthers')}
          </Button>
        </>
      ) : sessions.isError ? (
        <QueryError query={sessions} />
      ) : (
        <div className="space-y-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      )}
    </SettingsCard>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const end = useEndSession();
  const Icon = deviceIcons[session.device];
  const name =
    session.browser && session.os
      ? t('sessions.browserOn', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t('sessions.unknownBrowser'));
  // Awaited: the ended session leaves the list, and this row with it, before the answer is shown.
  const signOut = async () => {
    try {
      await end.mutateAsync(session.id);
      toast.success(t('sessions.ended', { name }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
      <Icon aria-hidden className="size-6 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          {name}
          {session.current ? (
            <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
              {t('sessions.current')}
            </span>
          ) : null}
        </p>
        <p className="text-sm wrap-anywhere text-slate-600">
          {t('sessions.details', {
            device: t(`sessions.device.${session.device}`),
            ip: session.ipAddress ?? t('sessions.unknownIp'),
            lastSeen: formatDateTime(session.lastSeenAt, language),
          })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          disabled={end.isPending}
          onClick={() => void signOut()}
          aria-label={t('sessions.endOne', { name })}
        >
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
