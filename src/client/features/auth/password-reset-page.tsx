import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { AuthCard } from '@client/components/ui/card';
import { ForgotPasswordForm } from './forgot-password-form';
import { NewPasswordFlow, type LinkProblem } from './new-password-flow';
import { useLinkToken } from './use-link-token';

const RECOVERY_FLAGS = ['recovery', 'intercepted', 'from_auth', 'from_reload', 'from_tokens'];
export const PASSWORD_RESET_REDIRECT_MS = 1000;

/** Whether the address asks for the set-new-password mode. */
function wantsNewPassword(params: URLSearchParams, token: string | null): boolean {
  if (token) return true;
  if (params.get('type') === 'recovery') return true;
  return RECOVERY_FLAGS.some((flag) => params.get(flag) === 'true');
}

/**
 * /password-reset: the second reset screen. With a recovery link it sets a new password; otherwise
 * (or when the link carries an error or is no longer valid) it asks for a new link by email.
 */
export default function PasswordResetPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params] = useState(() => new URLSearchParams(search));
  const token = useLinkToken();
  const hasError = params.has('error') || params.has('error_code');
  const [mode, setMode] = useState<'request' | 'set'>(() =>
    !hasError && wantsNewPassword(params, token) ? 'set' : 'request',
  );
  useEffect(() => {
    // The id keeps one toast however often this runs.
    if (hasError) toast.error(t('reset.invalidToast'), { id: 'reset-link-invalid' });
  }, [hasError, t]);

  // Without a link: "No valid reset link found"; with one the server refused: "Invalid or expired".
  const onInvalid = useCallback(
    (problem: LinkProblem) => {
      if (problem === 'missing') toast.error(t('reset.missing'), { id: 'reset-link-missing' });
      else toast.error(t('reset.invalidToast'), { id: 'reset-link-invalid' });
      setMode('request');
    },
    [t],
  );
  const onSuccess = useCallback(() => {
    setTimeout(
      () => void navigate(paths.auth.href({ mode: 'signin' }), { replace: true }),
      PASSWORD_RESET_REDIRECT_MS,
    );
  }, [navigate]);

  return (
    <>
      <PageMeta title={t('forgot.title')} path={paths.passwordReset.href()} noIndex />
      <AuthCard>
        {mode === 'set' ? (
          <NewPasswordFlow token={token} onInvalid={onInvalid} onSuccess={onSuccess} />
        ) : (
          <ForgotPasswordForm />
        )}
      </AuthCard>
    </>
  );
}
