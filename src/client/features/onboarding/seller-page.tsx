import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ONBOARDING_CATEGORIES } from '@common/schemas/profile';
import { paths } from '@common/routes';
import { api } from '@client/lib/api';
import { Button } from '@client/components/ui/button';
import { CheckboxField } from '@client/components/ui/field';
import { useSession } from '@client/features/session';
import { ChoiceGroup } from './choice-group';
import { OnboardingShell, stepOf, useEffectiveRole, useOnboardingMember } from './onboarding-shell';
import { useSkipOnboarding } from './use-skip';

type Category = (typeof ONBOARDING_CATEGORIES)[number];

/** /onboarding/seller: shipping, local pickup and the categories sold. Finishing it completes onboarding. */
export default function SellerPage() {
  const { t } = useTranslation(['onboarding', 'common']);
  const navigate = useNavigate();
  const { refresh } = useSession();
  const user = useOnboardingMember();
  const role = useEffectiveRole(user);
  const { skip, skipping } = useSkipOnboarding();
  const [shipOk, setShipOk] = useState(false);
  const [localOk, setLocalOk] = useState(false);
  const [categories, setCategories] = useState<Category[]>([]);
  const [other, setOther] = useState({ checked: false, text: '' });
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const otherText = other.checked ? other.text.trim() : '';
    if (categories.length === 0 && !otherText) {
      setError(t('seller.categoryRequired'));
      toast.error(t('seller.categoryRequired'));
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      await api('/profile/seller', {
        method: 'PUT',
        body: { shipOk, localOk, sellerCategories: categories, otherCategory: otherText },
      });
      await refresh();
      void navigate(paths.onboardingDone.href(), { state: { role } });
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <OnboardingShell step={stepOf('seller', role)} title={t('seller.title')} subtitle={t('seller.subtitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-8">
        <fieldset>
          <legend className="mb-3 text-sm font-semibold text-slate-900">{t('seller.delivery')}</legend>
          <div className="space-y-2.5">
            <CheckboxField
              label={t('seller.shipOk')}
              checked={shipOk}
              onChange={(e) => setShipOk(e.target.checked)}
            />
            <CheckboxField
              label={t('seller.localOk')}
              checked={localOk}
              onChange={(e) => setLocalOk(e.target.checked)}
            />
          </div>
        </fieldset>
        <ChoiceGroup
          legend={t('seller.categories')}
          options={ONBOARDING_CATEGORIES}
          label={(category) => t(`catalog.categories.${category}`, { ns: 'common' })}
          selected={categories}
          onChange={setCategories}
          other={other}
          onOtherChange={setOther}
          otherLabel={t('seller.otherCategory')}
          error={error}
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
