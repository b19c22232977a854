import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { BuyerPreferencesSchema } from '@common/schemas/profile';
import { paths } from '@common/routes';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { Button } from '@client/components/ui/button';
import { BuyerPreferenceFields } from './preference-fields';
import { useSaveBuyerPreferences } from './api';
import { OnboardingShell, useEffectiveRole, useOnboardingMember } from './onboarding-shell';
import { stepOf } from './steps';
import { useSkipOnboarding } from './use-skip';

/** /onboarding/buyer: ZIP, radius, preferred makes and categories. */
export default function BuyerPage() {
  const { t } = useTranslation(['onboarding', 'common']);
  const navigate = useNavigate();
  const user = useOnboardingMember();
  const role = useEffectiveRole(user);
  const { skip, skipping } = useSkipOnboarding();
  const save = useSaveBuyerPreferences();
  const form = useSchemaForm(BuyerPreferencesSchema, {
    defaultValues: {
      zip: '',
      radiusMiles: null,
      prefMakes: [],
      otherMake: '',
      prefCategories: [],
      otherCategory: '',
    },
  });
  const saving = form.formState.isSubmitting;

  const submit = form.handleSubmit(
    async (input) => {
      try {
        await save.mutateAsync(input);
        const to = role === 'both' ? paths.onboardingSeller.href() : paths.onboardingDone.href();
        void navigate(to, { state: { role } });
      } catch (error) {
        showServerErrors(form, error);
        toast.error(t('saveFailed'));
      }
    },
    () => toast.error(t('buyer.missingInfo'), { description: t('buyer.missingInfoBody') }),
  );

  return (
    <OnboardingShell step={stepOf('buyer', role)} title={t('buyer.title')} subtitle={t('buyer.subtitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-8">
        <BuyerPreferenceFields form={form} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="ghost" disabled={skipping || saving} onClick={() => void skip()}>
            {t('skip')}
          </Button>
          <Button type="submit" size="lg" disabled={saving || skipping}>
            {saving ? t('saving') : t('continue')}
          </Button>
        </div>
      </form>
    </OnboardingShell>
  );
}
