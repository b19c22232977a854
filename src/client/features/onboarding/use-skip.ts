import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import type { Role } from '@common/schemas/auth';
import { paths } from '@common/routes';
import { useSkipOnboardingRequest } from './api';

/** "Skip for now": onboarding counts as complete (from the role step, as a buyer), then home. */
export function useSkipOnboarding(role?: Role) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const request = useSkipOnboardingRequest();
  const skip = async () => {
    try {
      await request.mutateAsync(role);
      void navigate(paths.home.href());
    } catch {
      toast.error(t('skipFailed'));
    }
  };
  return { skip, skipping: request.isPending };
}
