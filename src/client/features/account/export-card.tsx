import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { Account } from '@common/schemas/account';
import { formatDateTime } from '@common/i18n/format';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { Button, buttonClass } from '@client/components/ui/button';
import { EXPORT_DOWNLOAD_URL, useRequestExport } from './api';
import { SettingsCard } from './settings-card';

/** "Download my data": asked for here, prepared by a job, downloaded here for 24 hours. */
export function ExportCard({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const request = useRequestExport();
  const prepare = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success(t('export.requested'), { description: t('export.requestedBody') }),
      onError: (error) => toast.error(errorMessage(error, t)),
    });
  const state = account.dataExport;
  return (
    <SettingsCard title={t('export.title')} description={t('export.description')}>
      {state?.status === 'preparing' ? (
        <p role="status" className="text-sm text-slate-700">
          {t('export.preparing')}
        </p>
      ) : state?.status === 'ready' && state.expiresAt ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            {t('export.ready', { until: formatDateTime(state.expiresAt, language) })}
          </p>
          <div className="flex flex-wrap gap-2">
            <a href={EXPORT_DOWNLOAD_URL} download className={buttonClass('primary')}>
              <Download aria-hidden className="size-4" />
              {t('export.download')}
            </a>
            <Button variant="secondary" disabled={request.isPending} onClick={prepare}>
              {t('export.again')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" disabled={request.isPending} onClick={prepare}>
          {t('export.prepare')}
        </Button>
      )}
    </SettingsCard>
  );
}
