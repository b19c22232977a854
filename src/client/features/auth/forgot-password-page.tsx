import { useTranslation } from 'react-i18next';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { AuthCard } from '@client/components/ui/card';
import { ForgotPasswordForm } from './forgot-password-form';

/** /forgot-password. Recovery links never sign anyone in, so there is no recovery session to clear here. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageMeta title={t('forgot.title')} path={paths.forgotPassword.href()} noIndex />
      <AuthCard>
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}
