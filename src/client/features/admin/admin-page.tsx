import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { PageMeta } from '@client/components/layout/page-meta';
import { Tab, TabList, TabPanel, Tabs } from '@client/components/ui/tabs';
import { PageSkeleton } from '@client/components/layout/page-skeleton';
import { useSessionQuery } from '@client/features/session';
import { NotFoundPage } from '@client/features/errors';
import { AuditLog } from './audit-log';
import { DisputeQueue } from './dispute-queue';
import { Overview } from './overview-tiles';
import { PaymentDifferences } from './payment-differences';
import { ReportQueue } from './report-queue';

/** /admin: the moderation desk (admins only; the server refuses everyone else). */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  const session = useSessionQuery();
  if (session.isPending) return <PageSkeleton />;
  // Visitors and members without the role see the same page as for an address that does not exist
  // (the server answers it with 404).
  if (!session.data?.isAdmin) return <NotFoundPage />;
  return (
    <>
      <PageMeta title={t('meta.title')} noIndex />
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <ShieldCheck aria-hidden className="size-6 text-brand-700" />
          {t('title')}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t('subtitle')}</p>
        <Overview />
        <Tabs defaultValue="reports" className="mt-8">
          <TabList look="underline">
            <Tab look="underline" value="reports">
              {t('tabs.reports')}
            </Tab>
            <Tab look="underline" value="disputes">
              {t('tabs.disputes')}
            </Tab>
            <Tab look="underline" value="payments">
              {t('tabs.payments')}
            </Tab>
            <Tab look="underline" value="audit">
              {t('tabs.audit')}
            </Tab>
          </TabList>
          <TabPanel value="reports" className="mt-5">
            <ReportQueue />
          </TabPanel>
          <TabPanel value="disputes" className="mt-5">
            <DisputeQueue />
          </TabPanel>
          <TabPanel value="payments" className="mt-5">
            <PaymentDifferences />
          </TabPanel>
          <TabPanel value="audit" className="mt-5">
            <AuditLog />
          </TabPanel>
        </Tabs>
      </div>
    </>
  );
}
