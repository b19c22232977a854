import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { DeleteAccountSchema, type Account } from '@common/schemas/account';
import { paths } from '@common/routes';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { FormDialog } from '@client/components/ui/modal';
import { useSession } from '@client/features/session';
import { useDeleteAccount } from './api';
import { SettingsCard } from './settings-card';
import { CurrentPasswordField, TwoFactorCodeField } from './confirm-fields';

const GOES = ['listings', 'fleet', 'saved', 'community', 'notifications', 'sessions', 'billing'] as const;

/** Deleting the account: what goes and what stays, then the password (and a code) in a dialog. */
export function DeleteAccountCard({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  return (
    <SettingsCard title={t('delete.title')} description={t('delete.description')}>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        {GOES.map((item) => (
          <li key={item}>{t(`delete.goes.${item}`)}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-700">{t('delete.stays')}</p>
      {account.hasPassword ? (
        <Button variant="secondary" className="mt-4 text-red-700" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden className="size-4" />
          {t('delete.open')}
        </Button>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{t('delete.needsPassword')}</p>
      )}
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={t('delete.confirmTitle')}
        description={t('delete.confirmDescription')}
      >
        <DeleteForm twoFactor={account.twoFactorEnabled} onCancel={() => setOpen(false)} />
      </FormDialog>
    </SettingsCard>
  );
}

function DeleteForm({ twoFactor, onCancel }: { twoFactor: boolean; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const message = useErrorText();
  const navigate = useNavigate();
  const { ended } = useSession();
  const language = useLanguage();
  const remove = useDeleteAccount();
  const form = useSchemaForm(DeleteAccountSchema, { defaultValues: { currentPassword: '', code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      const { deletionDueAt } = await remove.mutateAsync(input);
      const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(deletionDueAt));
      toast.success(t('delete.done', { date }), { description: t('delete.doneDetail'), duration: 10_000 });
      void navigate(paths.home.href(), { replace: true });
      ended();
    } catch (error) {
      if (!showServerErrors(form, error))
        toast.error(t('delete.failed'), { description: errorMessage(error, t) });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
      <CurrentPasswordField
        error={message(errors.currentPassword?.message)}
        {...form.register('currentPassword')}
      />
      {twoFactor ? (
        <TwoFactorCodeField error={message(errors.code?.message)} {...form.register('code')} />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('delete.cancel')}
        </Button>
        <Button type="submit" className="bg-red-700 hover:bg-red-800" disabled={isSubmitting}>
          {isSubmitting ? t('delete.deleting') : t('delete.submit')}
        </Button>
      </div>
    </form>
  );
}
