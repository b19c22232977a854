import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { AuthCard } from '@client/components/ui/card';
import { NewPasswordFlow } from './new-password-flow';
import { useLinkToken } from './use-link-token';

export const RESET_REDIRECT_MS = 1500;

/** /reset-password?token=…: the page reset emails link to. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const token = useLinkToken();
  const navigate = useNavigate();
  const onSuccess = useCallback(() => {
    setTimeout(
      () => void navigate(paths.auth.href({ reset: 'success' }), { replace: true }),
      RESET_REDIRECT_MS,
    );
  }, [navigate]);
  return (
    <>
      <PageMeta title={t('reset.title')} path={paths.resetPassword.href()} noIndex />
      <AuthCard>
        <NewPasswordFlow token={token} onSuccess={onSuccess} />
      </AuthCard>
    </>
  );
}
