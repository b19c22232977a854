import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PartyPopper } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { paths } from '@common/routes';
import { useCompleteOnboarding } from './api';
import { Button } from '@client/components/ui/button';
import { OnboardingShell, useEffectiveRole, useOnboardingMember } from './onboarding-shell';
import { stepOf } from './steps';

/** /onboarding/done: marks onboarding complete and points the way in. */
export default function DonePage() {
  const { t } = useTranslation('onboarding');
  const user = useOnboardingMember();
  const role = useEffectiveRole(user);
  const { mutate: complete } = useCompleteOnboarding();
  const marked = useRef(false);

  useEffect(() => {
    if (!user || marked.current) return;
    marked.current = true;
    complete(undefined, { onError: () => toast.error(t('saveFailed')) });
  }, [user, complete, t]);

  return (
    <OnboardingShell step={stepOf('done', role)} title={t('done.title')}>
      <div className="text-center">
        <PartyPopper aria-hidden className="mx-auto size-12 text-brand-600" />
        <p className="mt-4 text-slate-700">{t('done.body')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild size="lg">
            <Link to={paths.browse.href()}>{t('done.browse')}</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.create.href()}>{t('done.sell')}</Link>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link to={paths.home.href()}>{t('done.home')}</Link>
          </Button>
        </div>
      </div>
    </OnboardingShell>
  );
}
