import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Role } from '@common/schemas/auth';
import { paths } from '@common/routes';
import { api } from '@client/lib/api';
import { useSession } from '@client/features/session';

/** "Skip for now": onboarding counts as complete (from the role step, as a buyer), then home. */
export function useSkipOnboarding(role?: Role) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [skipping, setSkipping] = useState(false);
  const skip = async () => {
    setSkipping(true);
    try {
      await api('/profile/onboarding/skip', { body: role ? { role } : {} });
      await refresh();
      void navigate(paths.home.href());
    } catch {
      toast.error(t('skipFailed'));
    } finally {
      setSkipping(false);
    }
  };
  return { skip, skipping };
}
