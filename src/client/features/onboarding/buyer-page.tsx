import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { RADIUS_OPTIONS } from '@common/schemas/auth';
import { BuyerPreferencesSchema, ONBOARDING_CATEGORIES, ONBOARDING_MAKES } from '@common/schemas/profile';
import { paths } from '@common/routes';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { TextField, inputClass } from '@client/components/ui/field';
import { ChoiceGroup, useChoices } from './choice-group';
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
  const makes = useChoices(form, 'prefMakes', 'otherMake');
  const categories = useChoices(form, 'prefCategories', 'otherCategory');
  const message = useErrorText();
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
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('buyer.zip')}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={10}
            required
            error={message(form.formState.errors.zip?.message)}
            {...form.register('zip')}
          />
          <div>
            <label htmlFor="radius" className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('buyer.radius')}
            </label>
            <select
              id="radius"
              className={inputClass}
              {...form.register('radiusMiles', {
                setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
              })}
            >
              <option value="">{t('buyer.anyDistance')}</option>
              {RADIUS_OPTIONS.map((miles) => (
                <option key={miles} value={miles}>
                  {t('buyer.radiusOption', { count: miles })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ChoiceGroup
          legend={t('buyer.makes')}
          options={ONBOARDING_MAKES}
          label={(make) => make}
          {...makes}
          otherLabel={t('buyer.otherMake')}
        />
        <ChoiceGroup
          legend={t('buyer.categories')}
          options={ONBOARDING_CATEGORIES}
          label={(category) => t(`catalog.categories.${category}`, { ns: 'common' })}
          {...categories}
          otherLabel={t('buyer.otherCategory')}
        />
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
