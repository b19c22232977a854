import { useQuery } from '@tanstack/react-query';
import { useWatch, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountDetailsSchema, type Account } from '@common/schemas/account';
import { normalizePhone, ROLES } from '@common/schemas/auth';
import {
  BuyerPreferencesSchema,
  ONBOARDING_CATEGORIES,
  ONBOARDING_MAKES,
  RoleRequestSchema,
  SellerPreferencesSchema,
  splitOther,
  type Profile,
} from '@common/schemas/profile';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { errorMessage } from '@client/lib/error-message';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import {
  BuyerPreferenceFields,
  SellerPreferenceFields,
  profileQuery,
  useSaveBuyerPreferences,
  useSaveRole,
  useSaveSellerPreferences,
} from '@client/features/onboarding';
import { accountQueries, useSaveDetails } from './api';
import { CurrentPasswordField } from './confirm-fields';
import { SettingsCard } from './settings-card';
import { NameFields } from './name-fields';
import { WaitingInput } from '@client/components/ui/waiting';

/** Names, phone, role and the onboarding preferences, each saved on its own. */
export function ProfileSection() {
  const account = useQuery(accountQueries.details());
  const profile = useQuery(profileQuery());
  if (account.isError) return <QueryError query={account} />;
  if (profile.isError) return <QueryError query={profile} />;
  if (!account.data || !profile.data)
    return (
      <div className="space-y-4" aria-hidden>
        <Skeleton className="h-64 w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    );
  const role = profile.data.role;
  return (
    <div className="space-y-6">
      <DetailsForm account={account.data} />
      <RoleForm profile={profile.data} />
      {role !== 'seller' ? <BuyingForm profile={profile.data} /> : null}
      {role === 'seller' || role === 'both' ? <SellingForm profile={profile.data} /> : null}
    </div>
  );
}

function SaveButton({ saving }: { saving: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Button type="submit" disabled={saving}>
      {saving ? t('saving') : t('save')}
    </Button>
  );
}

/** Toasts the outcome of a save; a refusal naming fields puts its messages on them. */
function useSaveOutcome() {
  const { t } = useTranslation('account');
  return {
    saved: () => toast.success(t('saved')),
    failed: <Values extends FieldValues>(form: { setError: UseFormSetError<Values> }, error: unknown) => {
      showServerErrors(form, error);
      toast.error(t('saveFailed'), { description: errorMessage(error, t) });
    },
  };
}

function DetailsForm({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const message = useErrorText();
  const save = useSaveDetails();
  const outcome = useSaveOutcome();
  const form = useSchemaForm(AccountDetailsSchema, {
    defaultValues: {
      firstName: account.firstName ?? '',
      lastName: account.lastName ?? '',
      phone: account.phone ?? '',
      currentPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  // A new phone number is confirmed with the current password: its field shows once the number changes.
  const phone = useWatch({ control: form.control, name: 'phone' }) ?? '';
  const phoneChanged = normalizePhone(phone.trim()) !== (account.phone ?? '');
  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({
        ...input,
        phone: input.phone ?? '',
        currentPassword: phoneChanged ? input.currentPassword : '',
      });
      form.reset({
        firstName: saved.firstName ?? '',
        lastName: saved.lastName ?? '',
        phone: saved.phone ?? '',
        currentPassword: '',
      });
      outcome.saved();
    } catch (error) {
      outcome.failed(form, error);
    }
  });
  return (
    <SettingsCard title={t('details.title')} description={t('details.description')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <NameFields
          first={form.register('firstName')}
          last={form.register('lastName')}
          errors={{
            firstName: message(errors.firstName?.message),
            lastName: message(errors.lastName?.message),
          }}
        />
        <TextField
          label={t('details.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('details.phoneHint')}
          error={message(errors.phone?.message)}
          {...form.register('phone')}
        />
        {phoneChanged ? (
          <div className="max-w-md space-y-1">
            <CurrentPasswordField
              error={message(errors.currentPassword?.message)}
              {...form.register('currentPassword')}
            />
            <p className="text-sm text-slate-600">{t('details.phonePassword')}</p>
          </div>
        ) : null}
        <SaveButton saving={isSubmitting} />
      </form>
    </SettingsCard>
  );
}

function RoleForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['account', 'onboarding']);
  const message = useErrorText();
  const save = useSaveRole();
  const outcome = useSaveOutcome();
  const form = useSchemaForm(RoleRequestSchema, {
    defaultValues: profile.role ? { role: profile.role } : {},
  });
  const submit = form.handleSubmit(async ({ role }) => {
    try {
      await save.mutateAsync(role);
      outcome.saved();
    } catch (error) {
      outcome.failed(form, error);
    }
  });
  const error = message(form.formState.errors.role?.message);
  return (
    <SettingsCard title={t('role.title')} description={t('role.description')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <fieldset aria-describedby={error ? 'role-error' : undefined}>
          <legend className="sr-only">{t('role.title')}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {ROLES.map((role) => (
              <label
                key={role}
                className="flex cursor-pointer items-start gap-2.5 rounded-xl border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <WaitingInput
                  type="radio"
                  value={role}
                  className="mt-0.5 size-4 accent-brand-600"
                  {...form.register('role')}
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">
                    {t(`role.${role}`, { ns: 'onboarding' })}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {t(`role.${role}Body`, { ns: 'onboarding' })}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {error ? (
            <p id="role-error" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </fieldset>
        <SaveButton saving={form.formState.isSubmitting} />
      </form>
    </SettingsCard>
  );
}

function BuyingForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const save = useSaveBuyerPreferences();
  const outcome = useSaveOutcome();
  const makes = splitOther(profile.prefMakes, ONBOARDING_MAKES);
  const categories = splitOther(profile.prefCategories, ONBOARDING_CATEGORIES);
  const form = useSchemaForm(BuyerPreferencesSchema, {
    defaultValues: {
      zip: profile.zip ?? '',
      radiusMiles: profile.radiusMiles,
      prefMakes: makes.choices,
      otherMake: makes.other,
      prefCategories: categories.choices,
      otherCategory: categories.other,
    },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      outcome.saved();
    } catch (error) {
      outcome.failed(form, error);
    }
  });
  return (
    <SettingsCard title={t('buying.title')} description={t('buying.description')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
        <BuyerPreferenceFields form={form} other={{ make: makes.other, category: categories.other }} />
        <SaveButton saving={form.formState.isSubmitting} />
      </form>
    </SettingsCard>
  );
}

function SellingForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const message = useErrorText();
  const save = useSaveSellerPreferences();
  const outcome = useSaveOutcome();
  const categories = splitOther(profile.sellerCategories, ONBOARDING_CATEGORIES);
  const form = useSchemaForm(SellerPreferencesSchema, {
    defaultValues: {
      shipOk: profile.shipOk,
      localOk: profile.localOk,
      sellerCategories: categories.choices,
      otherCategory: categories.other,
    },
  });
  const submit = form.handleSubmit(
    async (input) => {
      try {
        await save.mutateAsync(input);
        outcome.saved();
      } catch (error) {
        outcome.failed(form, error);
      }
    },
    (invalid) => {
      const problem = message(invalid.sellerCategories?.message);
      if (problem) toast.error(problem);
    },
  );
  return (
    <SettingsCard title={t('selling.title')} description={t('selling.description')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
        <SellerPreferenceFields form={form} other={categories.other} />
        <SaveButton saving={form.formState.isSubmitting} />
      </form>
    </SettingsCard>
  );
}
