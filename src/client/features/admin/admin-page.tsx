import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Flag, ShieldCheck } from 'lucide-react';
import type { AdminReport, ModerationActionInput, ReportedContent } from '@common/schemas/trust';
import { SUSPENSION_DAYS } from '@common/schemas/trust';
import { formatDate, formatNumber, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { Alert, inputClass } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tab, TabList, TabPanel, Tabs } from '@client/components/ui/tabs';
import { LoadMore } from '@client/components/ui/load-more';
import { PageSkeleton } from '@client/components/layout/page-skeleton';
import { useSessionQuery } from '@client/features/session';
import { NotFoundPage } from '@client/features/errors';
import { adminQueries, useModerationAction } from './api';

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
            <Tab look="underline" value="audit">
              {t('tabs.audit')}
            </Tab>
          </TabList>
          <TabPanel value="reports" className="mt-5">
            <ReportQueue />
          </TabPanel>
          <TabPanel value="audit" className="mt-5">
            <AuditLog />
          </TabPanel>
        </Tabs>
      </div>
    </>
  );
}

function Overview() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const overview = useQuery(adminQueries.overview());
  if (overview.isError) return <QueryError query={overview} className="mt-6" />;
  const tiles = ['newMembers', 'newListings', 'newReports', 'openReports'] as const;
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((tile) => (
        <div key={tile} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{t(`overview.${tile}`)}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">
            {overview.data ? formatNumber(overview.data[tile], language) : <Skeleton className="h-8 w-12" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ReportQueue() {
  const { t } = useTranslation('admin');
  const reports = useInfiniteQuery(adminQueries.reports());
  if (reports.isError) return <QueryError query={reports} />;
  if (!reports.data)
    return (
      <div className="space-y-4">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    );
  const items = reports.data.pages.flatMap((page) => page.items);
  if (!items.length)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {t('queue.empty')}
      </p>
    );
  return (
    <div className="space-y-4">
      <ol className="space-y-4">
        {items.map((report) => (
          <ReportCard key={report.id} report={report} />
        ))}
      </ol>
      <LoadMore query={reports} label={t('more')} />
    </div>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const { t } = useTranslation(['admin', 'trust']);
  const language = useLanguage();
  const act = useModerationAction();
  const [suspending, setSuspending] = useState(false);
  const run = (action: ModerationActionInput, done: string) =>
    act.mutate(
      { reportId: report.id, action },
      {
        onSuccess: () => {
          setSuspending(false);
          toast.success(done);
        },
        onError: (error) => toast.error(t('actions.error'), { description: errorMessage(error, t) }),
      },
    );
  const removal = {
    listing: { action: 'hide-listing', label: t('actions.hideListing'), done: t('actions.listingHidden') },
    message: {
      action: 'remove-message',
      label: t('actions.removeMessage'),
      done: t('actions.messageRemoved'),
    },
    post: { action: 'remove-post', label: t('actions.removePost'), done: t('actions.postRemoved') },
    member: null,
  }[report.kind];
  const headingId = `report-${report.id}`;

  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
          <Flag aria-hidden className="size-4 text-red-600" />
          {t(`trust:report.title.${report.kind}`)} · {t(`trust:report.reasons.${report.reason}`)}
        </h2>
        <p className="text-sm text-slate-600">
          {t('queue.reportedBy', {
            name: report.reporter.name || '—',
            date: formatDate(report.createdAt, language),
          })}
          {report.alsoReported ? ` · ${t('queue.alsoReported', { count: report.alsoReported })}` : ''}
        </p>
      </div>
      {report.note ? (
        <blockquote className="mt-2 border-l-4 border-slate-200 pl-3 text-sm text-slate-700">
          {report.note}
        </blockquote>
      ) : null}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Content content={report.content} />
        <div className="rounded-xl bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-900">{report.subject.name || '—'}</p>
          <p className="break-all text-slate-600">{report.subject.email}</p>
          <p className="text-slate-600">
            {t('member.since', { date: formatDate(report.subject.memberSince, language) })} ·{' '}
            {t('member.listings', { count: report.subject.activeListings })}
          </p>
          {report.subject.suspendedUntil ? (
            <p className="mt-1 font-medium text-red-700">
              {report.subject.suspendedUntil === 'forever'
                ? t('member.closed')
                : t('member.suspendedUntil', { date: formatDate(report.subject.suspendedUntil, language) })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={act.isPending}
          onClick={() => run({ action: 'dismiss' }, t('actions.dismissed'))}
        >
          {t('actions.dismiss')}
        </Button>
        {removal && report.content.kind !== 'gone' ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={act.isPending}
            onClick={() => run({ action: removal.action } as ModerationActionInput, removal.done)}
          >
            {removal.label}
          </Button>
        ) : null}
        <Button size="sm" disabled={act.isPending} onClick={() => setSuspending(true)}>
          {t('actions.suspend')}
        </Button>
      </div>
      <SuspendDialog
        name={report.subject.name}
        open={suspending}
        onOpenChange={setSuspending}
        busy={act.isPending}
        onConfirm={(days, reason) =>
          run({ action: 'suspend', days, reason }, t('actions.suspended', { name: report.subject.name }))
        }
      />
    </li>
  );
}

function Content({ content }: { content: ReportedContent }) {
  const { t } = useTranslation(['admin', 'trust']);
  switch (content.kind) {
    case 'listing':
      return (
        <div className="flex gap-3 text-sm">
          {content.photo ? (
            <img src={content.photo} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
          ) : null}
          <div className="min-w-0">
            {content.hidden ? (
              <p className="font-medium text-slate-900">{content.title}</p>
            ) : (
              <Link
                to={paths.listing.href(content.id)}
                className="font-medium text-brand-700 hover:underline"
              >
                {content.title}
              </Link>
            )}
            <p className="text-slate-700">{formatPrice(content.price)}</p>
            {content.hidden ? <p className="font-medium text-red-700">{t('trust:hidden.badge')}</p> : null}
            <p className="mt-1 line-clamp-3 text-slate-600">{content.description}</p>
          </div>
        </div>
      );
    case 'message':
      return (
        <div className="text-sm">
          {content.listingTitle ? (
            <p className="mb-2 text-slate-600">{t('content.about', { title: content.listingTitle })}</p>
          ) : null}
          <ol className="space-y-1.5">
            {content.around.map((message) => (
              <li
                key={message.id}
                className={
                  message.id === content.id ? 'rounded-lg border border-red-200 bg-red-50 p-2' : 'p-2'
                }
              >
                <span className="font-medium text-slate-900">{message.sender}: </span>
                {message.removed ? (
                  <span className="text-slate-500 italic">{t('trust:removedMessage')}</span>
                ) : (
                  <span className="wrap-anywhere whitespace-pre-wrap text-slate-800">{message.content}</span>
                )}
              </li>
            ))}
          </ol>
        </div>
      );
    case 'post':
      return (
        <div className="flex gap-3 text-sm">
          {content.photo ? (
            <img src={content.photo} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
          ) : null}
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{content.title}</p>
            <p className="mt-1 line-clamp-3 text-slate-600">{content.description}</p>
          </div>
        </div>
      );
    case 'member':
      return <p className="text-sm text-slate-600">{t('content.member')}</p>;
    case 'gone':
      return <Alert>{t('content.gone')}</Alert>;
  }
}

function SuspendDialog({
  name,
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: (days: 1 | 7 | 30 | null, reason: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [days, setDays] = useState<string>('7');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('suspend.title', { name })}
      description={t('suspend.description')}
    >
      <form
        className="mt-4 space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setMissing(true);
            return;
          }
          onConfirm(days === 'forever' ? null : (Number(days) as 1 | 7 | 30), reason.trim());
        }}
      >
        <div>
          <label htmlFor="suspend-days" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('suspend.for')}
          </label>
          <select
            id="suspend-days"
            className={inputClass}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          >
            {SUSPENSION_DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {t('suspend.days', { count: d })}
              </option>
            ))}
            <option value="forever">{t('suspend.forever')}</option>
          </select>
        </div>
        <div>
          <label htmlFor="suspend-reason" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('suspend.reason')}
          </label>
          <textarea
            id="suspend-reason"
            rows={3}
            maxLength={1000}
            className={`${inputClass} h-auto py-2`}
            value={reason}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? 'suspend-reason-error' : 'suspend-reason-hint'}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
          {missing ? (
            <p id="suspend-reason-error" className="mt-1 text-sm text-red-700">
              {t('validation.reasonRequired', { ns: 'errors' })}
            </p>
          ) : (
            <p id="suspend-reason-hint" className="mt-1 text-sm text-slate-600">
              {t('suspend.reasonHint')}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('suspend.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('suspend.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function AuditLog() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const audit = useInfiniteQuery(adminQueries.audit());
  if (audit.isError) return <QueryError query={audit} />;
  if (!audit.data) return <Skeleton className="h-40 w-full rounded-2xl" />;
  const items = audit.data.pages.flatMap((page) => page.items);
  if (!items.length)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {t('audit.empty')}
      </p>
    );
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('audit.when')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('audit.who')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('audit.what')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('audit.target')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('audit.reason')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((entry) => (
              <tr key={entry.id}>
                <td className="px-4 py-2 whitespace-nowrap text-slate-700">
                  {formatDate(entry.createdAt, language)}
                </td>
                <td className="px-4 py-2 text-slate-900">
                  {entry.admin ??
                    (entry.action === 'grant-admin' || entry.action === 'revoke-admin'
                      ? t('audit.operator')
                      : '—')}
                </td>
                <td className="px-4 py-2 text-slate-900">
                  {t(`audit.actions.${entry.action}`)}
                  {entry.until
                    ? ` · ${entry.until === 'forever' ? t('suspend.forever') : t('member.suspendedUntil', { date: formatDate(entry.until, language) })}`
                    : ''}
                </td>
                <td className="px-4 py-2 wrap-anywhere text-slate-900">
                  {entry.target ?? '—'}
                  {entry.targetEmail ? (
                    <span className="block text-slate-600">{entry.targetEmail}</span>
                  ) : null}
                </td>
                <td className="px-4 py-2 wrap-anywhere text-slate-700">{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore query={audit} label={t('more')} />
    </div>
  );
}
