import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { PageMeta } from '@client/components/layout/page-meta';
import { AuthCard } from '@client/components/ui/card';
import { buttonClass } from '@client/components/ui/button';
import { useLinkToken } from '@client/features/auth';

type State = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/**
 * A page an email-change link opens: it uses the link once, then says what happened. `kind` names its
 * texts in the account namespace (`confirmEmail.*`, `undoEmail.*`).
 */
export function EmailLinkPage({
  kind,
  use,
  next,
}: {
  kind: 'confirmEmail' | 'undoEmail';
  use: UseMutationResult<{ email: string }, Error, string>;
  next: { to: string; label: string };
}) {
  const { t } = useTranslation('account');
  const token = useLinkToken();
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'working' } : { kind: 'failed', message: t('linkInvalid') },
  );
  const started = useRef(false);
  const { mutate } = use;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token, {
      onSuccess: ({ email }) => setState({ kind: 'done', email }),
      onError: (error) =>
        setState({
          kind: 'failed',
          message:
            error instanceof ApiClientError && error.code === 'LINK_EXPIRED'
              ? t('linkExpired')
              : error instanceof ApiClientError && error.code === 'LINK_INVALID'
                ? t('linkInvalid')
                : errorMessage(error, t),
        }),
    });
  }, [token, mutate, t]);

  return (
    <>
      <PageMeta title={t(`${kind}.title`)} noIndex />
      <AuthCard className="text-center">
        {state.kind === 'working' ? (
          <div role="status">
            <LoaderCircle aria-hidden className="mx-auto size-12 animate-spin text-brand-600" />
            <h1 className="mt-4 text-xl font-semibold text-slate-900">{t(`${kind}.working`)}</h1>
          </div>
        ) : state.kind === 'done' ? (
          <div role="status">
            <CircleCheck aria-hidden className="mx-auto size-12 text-green-600" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{t(`${kind}.title`)}</h1>
            <p className="mt-2 text-slate-700">{t(`${kind}.body`, { email: state.email })}</p>
            <Link to={next.to} className={`${buttonClass('primary')} mt-6`}>
              {next.label}
            </Link>
          </div>
        ) : (
          <div role="alert">
            <CircleAlert aria-hidden className="mx-auto size-12 text-red-600" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{t(`${kind}.failedTitle`)}</h1>
            <p className="mt-2 text-slate-700">{state.message}</p>
            <Link to={next.to} className={`${buttonClass('secondary')} mt-6`}>
              {next.label}
            </Link>
          </div>
        )}
      </AuthCard>
    </>
  );
}
