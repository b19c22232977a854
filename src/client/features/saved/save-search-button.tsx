import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BookmarkPlus } from 'lucide-react';
import { paths } from '@common/routes';
import type { BrowseQuery } from '@common/schemas/listings';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { SaveSearchSchema } from '@common/schemas/saved-searches';
import { useSaveSearch } from './api';
import { Button } from '@client/components/ui/button';
import { CheckboxField, TextField } from '@client/components/ui/field';
import { DialogClose, FormDialog } from '@client/components/ui/modal';

/** "Save Search" on /browse: the current filters under a name, alerts on by default. */
export function SaveSearchButton({ query, suggestedName }: { query: BrowseQuery; suggestedName: string }) {
  const { t } = useTranslation(['saved', 'errors']);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const saveSearch = useSaveSearch();
  const message = useErrorText();
  const form = useSchemaForm(SaveSearchSchema, { defaultValues: { name: '', query: {}, alerts: true } });

  const save = form.handleSubmit(async ({ name, alerts }) => {
    try {
      const { cursor: _cursor, limit: _limit, ...filters } = query;
      await saveSearch.mutateAsync({ name, query: filters, alerts });
      toast.success(t('save.saved'), {
        action: { label: t('save.view'), onClick: () => void navigate(paths.savedSearches.href()) },
      });
      setOpen(false);
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('save.error'), { description: errorMessage(error, t) });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ name: suggestedName.slice(0, 60), query: {}, alerts: true });
      }}
      title={t('save.title')}
      description={t('save.description')}
      trigger={
        <Button variant="secondary" size="sm">
          <BookmarkPlus aria-hidden className="size-4" />
          {t('save.button')}
        </Button>
      }
    >
      <form onSubmit={(event) => void save(event)} noValidate className="mt-4 space-y-4">
        <TextField
          label={t('save.name')}
          maxLength={60}
          error={message(form.formState.errors.name?.message)}
          {...form.register('name')}
        />
        <CheckboxField label={t('save.alerts')} {...form.register('alerts')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('save.cancel')}</Button>
          </DialogClose>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('save.submit')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
