import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { RADIUS_OPTIONS } from '@common/schemas/auth';
import { ONBOARDING_CATEGORIES, ONBOARDING_MAKES } from '@common/schemas/profile';
import { paths } from '@common/routes';
import { api } from '@client/lib/api';
import { Button } from '@client/components/ui/button';
import { TextField, inputClass } from '@client/components/ui/field';
import { ChoiceGroup } from './choice-group';
import { OnboardingShell, stepOf, useEffectiveRole, useOnboardingMember } from './onboarding-shell';
import { useSkipOnboarding } from './use-skip';

type Make = (typeof ONBOARDING_MAKES)[number];
type Category = (typeof ONBOARDING_CATEGORIES)[number];

/** /onboarding/buyer: ZIP, radius, preferred makes and categories. */
export default function BuyerPage() {
  const { t } = useTranslation(['onboarding', 'common']);
  const navigate = useNavigate();
  const user = useOnboardingMember();
  const role = useEffectiveRole(user);
  const { skip, skipping } = useSkipOnboarding();
  const [zip, setZip] = useState('');
  const [zipError, setZipError] = useState<string | undefined>();
  const [radius, setRadius] = useState<string>('');
  const [makes, setMakes] = useState<Make[]>([]);
  const [otherMake, setOtherMake] = useState({ checked: false, text: '' });
  const [categories, setCategories] = useState<Category[]>([]);
  const [otherCategory, setOtherCategory] = useState({ checked: false, text: '' });
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!zip.trim()) {
      setZipError(t('validation.zipRequired', { ns: 'errors' }));
      toast.error(t('buyer.missingInfo'), { description: t('buyer.missingInfoBody') });
      return;
    }
    setZipError(undefined);
    setSaving(true);
    try {
      await api('/profile/buyer', {
        method: 'PUT',
        body: {
          zip: zip.trim(),
          radiusMiles: radius ? Number(radius) : null,
          prefMakes: makes,
          otherMake: otherMake.checked ? otherMake.text : '',
          prefCategories: categories,
          otherCategory: otherCategory.checked ? otherCategory.text : '',
        },
      });
      const to = role === 'both' ? paths.onboardingSeller.href() : paths.onboardingDone.href();
      void navigate(to, { state: { role } });
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

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
            value={zip}
            error={zipError}
            onChange={(event) => setZip(event.target.value)}
          />
          <div>
            <label htmlFor="radius" className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('buyer.radius')}
            </label>
            <select
              id="radius"
              className={inputClass}
              value={radius}
              onChange={(event) => setRadius(event.target.value)}
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
          selected={makes}
          onChange={setMakes}
          other={otherMake}
          onOtherChange={setOtherMake}
          otherLabel={t('buyer.otherMake')}
        />
        <ChoiceGroup
          legend={t('buyer.categories')}
          options={ONBOARDING_CATEGORIES}
          label={(category) => t(`catalog.categories.${category}`, { ns: 'common' })}
          selected={categories}
          onChange={setCategories}
          other={otherCategory}
          onOtherChange={setOtherCategory}
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
