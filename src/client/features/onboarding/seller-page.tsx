import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { SellerPreferencesSchema } from '@common/schemas/profile';
import { paths } from '@common/routes';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { SellerPreferenceFields } from './preference-fields';
import { useSaveSellerPreferences } from './api';
import { OnboardingShell, useEffectiveRole, useOnboardingMember } from './onboarding-shell';
import { stepOf } from './steps';
import { useSkipOnboarding } from './use-skip';

/** /onboarding/seller: shipping, local pickup and the categories sold. Finishing it completes onboarding. */
export default function SellerPage() {
  const { t } = useTranslation(['onboarding', 'common']);
  const navigate = useNavigate();
  const user = useOnboardingMember();
  const role = useEffectiveRole(user);
  const { skip, skipping } = useSkipOnboarding();
  const save = useSaveSellerPreferences();
  const form = useSchemaForm(SellerPreferencesSchema, {
    defaultValues: { shipOk: false, localOk: false, sellerCategories: [], otherCategory: '' },
  });
  const message = useErrorText();
  const saving = form.formState.isSubmitting;

  const submit = form.handleSubmit(
    async (input) => {
      try {
        await save.mutateAsync(input);
        void navigate(paths.onboardingDone.href(), { state: { role } });
      } catch (error) {
        showServerErrors(form, error);
        toast.error(t('saveFailed'));
      }
    },
    (invalid) => {
      const problem = message(invalid.sellerCategories?.message);
      if (problem) toast.error(problem);
    },
  );

  return (
    <OnboardingShell step={stepOf('seller', role)} title={t('seller.title')} subtitle={t('seller.subtitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-8">
        <SellerPreferenceFields form={form} />
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
