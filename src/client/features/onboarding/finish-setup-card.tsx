import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { paths } from '@common/routes';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/features/session';
import { useSkipOnboardingRequest } from './api';

/**
 * The home page's offer to a member who has not finished onboarding (nothing is walled off until
 * they do): set up now, or "No thanks", which counts it as done, like onboarding's own Skip.
 */
export default function FinishSetupCard() {
  const { t } = useTranslation();
  const { user, refresh } = useSession();
  const skip = useSkipOnboardingRequest();
  if (!user || user.onboardingCompleted) return null;

  const dismiss = async () => {
    try {
      await skip.mutateAsync(undefined);
      await refresh();
    } catch {
      toast.error(t('onboarding:skipFailed'));
    }
  };

  return (
    <section aria-labelledby="finish-setup" className="mx-auto max-w-7xl px-4 pt-8 sm:px-6">
      <div className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center">
        <Sparkles aria-hidden className="size-8 shrink-0 text-brand-600" />
        <div className="min-w-0 flex-1">
          <h2 id="finish-setup" className="font-semibold text-slate-900">
            {t('completeProfile.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('completeProfile.body')}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button asChild>
            <Link to={paths.onboardingRole.href()}>{t('completeProfile.now')}</Link>
          </Button>
          <Button variant="secondary" disabled={skip.isPending} onClick={() => void dismiss()}>
            {t('completeProfile.later')}
          </Button>
        </div>
      </div>
    </section>
  );
}
