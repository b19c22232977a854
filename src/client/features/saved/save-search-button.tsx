import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { BookmarkPlus } from 'lucide-react';
import { paths } from '@common/routes';
import type { BrowseQuery } from '@common/schemas/listings';
import { api, ApiClientError } from '@client/lib/api';
import { Button } from '@client/components/ui/button';
import { CheckboxField, TextField } from '@client/components/ui/field';
import { DialogClose, FormDialog } from '@client/components/ui/modal';
import { queryKeys } from '@client/lib/query-keys';

/** "Save Search" on /browse: the current filters under a name, alerts on by default. */
export function SaveSearchButton({ query, suggestedName }: { query: BrowseQuery; suggestedName: string }) {
  const { t } = useTranslation(['saved', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [alerts, setAlerts] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('validation.required', { ns: 'errors' }));
      return;
    }
    setSaving(true);
    try {
      const { cursor: _cursor, limit: _limit, ...filters } = query;
      await api('/saved-searches', { body: { name: name.trim(), query: filters, alerts } });
      void queryClient.invalidateQueries({ queryKey: queryKeys.saved.all });
      toast.success(t('save.saved'), {
        action: { label: t('save.view'), onClick: () => void navigate(paths.savedSearches.href()) },
      });
      setOpen(false);
    } catch (caught) {
      if (caught instanceof ApiClientError && caught.fields.name) setError(caught.fields.name);
      toast.error(t('save.error'), { description: caught instanceof Error ? caught.message : undefined });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setName(suggestedName.slice(0, 60));
          setError(undefined);
        }
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
          value={name}
          maxLength={60}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <CheckboxField
          label={t('save.alerts')}
          checked={alerts}
          onChange={(event) => setAlerts(event.target.checked)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('save.cancel')}</Button>
          </DialogClose>
          <Button type="submit" disabled={saving}>
            {t('save.submit')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
