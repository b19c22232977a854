import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ShoppingCart, Store, Repeat } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { ROLES } from '@common/schemas/auth';
import { RoleRequestSchema } from '@common/schemas/profile';
import { paths } from '@common/routes';
import { useSaveRole } from './api';
import { cn } from '@client/lib/cn';
import { useSchemaForm } from '@client/lib/form';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/features/session';
import { OnboardingShell, useOnboardingMember } from './onboarding-shell';
import { stepOf } from './steps';
import { useSkipOnboarding } from './use-skip';
import { WaitingButton } from '@client/components/ui/waiting';

const icons = { buyer: ShoppingCart, seller: Store, both: Repeat } as const;

/** /onboarding/role: buyer, seller or both. */
export default function RolePage() {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const { isLoading } = useSession();
  const user = useOnboardingMember();
  const form = useSchemaForm(RoleRequestSchema, { defaultValues: { role: user?.role ?? undefined } });
  const role = useWatch({ control: form.control, name: 'role' }) ?? null;
  const saveRole = useSaveRole();
  const saving = saveRole.isPending;
  const { skip, skipping } = useSkipOnboarding('buyer');

  const next = async () => {
    if (isLoading) {
      toast.info(t('role.loading'), { description: t('role.loadingBody') });
      return;
    }
    if (!user) {
      toast.error(t('role.authRequired'), { description: t('role.authRequiredBody') });
      void navigate(paths.auth.href({ mode: 'signup' }));
      return;
    }
    await form.handleSubmit(
      async (input) => {
        try {
          await saveRole.mutateAsync(input.role);
          const to = input.role === 'seller' ? paths.onboardingSeller.href() : paths.onboardingBuyer.href();
          void navigate(to, { state: { role: input.role } });
        } catch {
          toast.error(t('role.saveFailed'));
        }
      },
      () => toast.error(t('role.missingSelection'), { description: t('role.missingSelectionBody') }),
    )();
  };

  return (
    <OnboardingShell step={stepOf('role', role)} title={t('role.title')} subtitle={t('role.subtitle')}>
      <div role="radiogroup" aria-label={t('role.title')} className="grid gap-3 sm:grid-cols-3">
        {ROLES.map((option) => {
          const Icon = icons[option];
          const checked = role === option;
          return (
            <WaitingButton
              key={option}
              role="radio"
              aria-checked={checked}
              onClick={() => form.setValue('role', option)}
              className={cn(
                'flex flex-col items-start gap-2 rounded-xl border-2 p-4 text-left transition-colors',
                checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:border-slate-300',
              )}
            >
              <Icon aria-hidden className={cn('size-6', checked ? 'text-brand-700' : 'text-slate-500')} />
              <span className="font-semibold text-slate-900">{t(`role.${option}`)}</span>
              <span className="text-sm text-slate-600">{t(`role.${option}Body`)}</span>
            </WaitingButton>
          );
        })}
      </div>
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" disabled={skipping || saving} onClick={() => void skip()}>
          {t('skip')}
        </Button>
        <Button size="lg" disabled={saving || skipping} onClick={() => void next()}>
          {saving ? t('saving') : t('continue')}
        </Button>
      </div>
    </OnboardingShell>
  );
}
