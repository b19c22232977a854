import { useTranslation } from 'react-i18next';
import { paths } from '@common/routes';
import { useUndoEmailChange } from './api';
import { EmailLinkPage } from './email-link-page';

/** /undo-email-change?token=…: the previous address's link; the address comes back, everyone is signed out. */
export default function UndoEmailChangePage() {
  const { t } = useTranslation('account');
  const undo = useUndoEmailChange();
  return (
    <EmailLinkPage
      kind="undoEmail"
      use={undo}
      next={{ to: paths.forgotPassword.href(), label: t('undoEmail.resetPassword') }}
    />
  );
}
