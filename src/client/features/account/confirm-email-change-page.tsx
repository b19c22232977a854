import { useTranslation } from 'react-i18next';
import { paths } from '@common/routes';
import { useSession } from '@client/features/session';
import { useConfirmEmailChange } from './api';
import { EmailLinkPage } from './email-link-page';

/** /confirm-email-change?token=…: the new address's link; the account's address becomes it. */
export default function ConfirmEmailChangePage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const confirm = useConfirmEmailChange();
  return (
    <EmailLinkPage
      kind="confirmEmail"
      use={confirm}
      next={
        user
          ? { to: paths.settings.href(), label: t('backToSettings') }
          : { to: paths.auth.href({ mode: 'signin' }), label: t('signIn') }
      }
    />
  );
}
