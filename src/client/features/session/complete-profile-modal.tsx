import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@common/routes';
import { Modal } from '@client/components/ui/modal';
import { Button } from '@client/components/ui/button';
import { useSession } from './session';

const DISMISSED_KEY = 'modmarket.completeProfile.dismissed';

function dismissedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The home page's reminder for a member whose onboarding is not complete. */
export function CompleteProfileModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [dismissed, setDismissed] = useState(dismissedThisVisit);
  const open = Boolean(user && !user.onboardingCompleted && !dismissed);

  const later = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Without storage the reminder is dismissed until the next page load.
    }
    setDismissed(true);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : later())}
      title={t('completeProfile.title')}
      description={t('completeProfile.body')}
    >
      <Button variant="secondary" onClick={later}>
        {t('completeProfile.later')}
      </Button>
      <Button onClick={() => void navigate(paths.onboardingRole.href())}>{t('completeProfile.now')}</Button>
    </Modal>
  );
}
