import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { paths } from '@common/routes';
import type { BrowseQuery } from '@common/schemas/browse';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { SaveSearchSchema } from '@common/schemas/saved-searches';
import { useSaveSearch } from './api';
import { Button } from '@client/components/ui/button';
import { CheckboxField, TextField } from '@client/components/ui/field';
import { FormDialog } from '@client/components/ui/modal';

/**
 * The "Save Search" dialog: the current filters under a name, alerts on by default. Loaded when the
 * member first presses Save Search (see `SaveSearchButton`), with its form code.
 */
export default function SaveSearchDialog({
  query,
  suggestedName,
  open,
  onOpenChange: setOpen,
}: {
  query: BrowseQuery;
  suggestedName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['saved', 'errors']);
  const navigate = useNavigate();
  const saveSearch = useSaveSearch();
  const message = useErrorText();
  const form = useSchemaForm(SaveSearchSchema, {
    defaultValues: { name: suggestedName.slice(0, 60), query: {}, alerts: true },
  });

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
      onOpenChange={setOpen}
      title={t('save.title')}
      description={t('save.description')}
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
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('save.cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('save.submit')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
