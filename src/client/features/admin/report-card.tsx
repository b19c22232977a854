import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Flag } from 'lucide-react';
import type { AdminReport, ModerationActionInput, ReportedContent } from '@common/schemas/trust';
import { formatDate, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/field';
import { useModerationAction } from './api';
import { SuspendDialog } from './suspend-dialog';

/** One open report: what was reported and by whom, the reported content, and the actions on it. */
export function ReportCard({ report }: { report: AdminReport }) {
  const { t } = useTranslation(['admin', 'trust']);
  const language = useLanguage();
  const act = useModerationAction();
  const [suspending, setSuspending] = useState(false);
  // Awaited rather than `mutate`'s own callbacks: the action takes the report off the desk, so this card
  // is gone by the time it is done, and TanStack Query drops those callbacks for a card that is gone.
  const run = async (action: ModerationActionInput, done: string) => {
    try {
      await act.mutateAsync({ reportId: report.id, action });
      setSuspending(false);
      toast.success(done);
    } catch (error) {
      toast.error(t('actions.error'), { description: errorMessage(error, t) });
    }
  };
  const removal = {
    listing: { action: 'hide-listing', label: t('actions.hideListing'), done: t('actions.listingHidden') },
    message: {
      action: 'remove-message',
      label: t('actions.removeMessage'),
      done: t('actions.messageRemoved'),
    },
    post: { action: 'remove-post', label: t('actions.removePost'), done: t('actions.postRemoved') },
    wanted: { action: 'hide-wanted', label: t('actions.hideWanted'), done: t('actions.wantedHidden') },
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
          onClick={() => void run({ action: 'dismiss' }, t('actions.dismissed'))}
        >
          {t('actions.dismiss')}
        </Button>
        {removal && report.content.kind !== 'gone' ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={act.isPending}
            onClick={() => void run({ action: removal.action } as ModerationActionInput, removal.done)}
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
          void run({ action: 'suspend', days, reason }, t('actions.suspended', { name: report.subject.name }))
        }
      />
    </li>
  );
}

/** A reported listing or post: its first photo, if any, beside what it says. */
function ContentWithPhoto({ photo, children }: { photo: string | null; children: ReactNode }) {
  return (
    <div className="flex gap-3 text-sm">
      {photo ? <img src={photo} alt="" className="size-20 shrink-0 rounded-lg object-cover" /> : null}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function Content({ content }: { content: ReportedContent }) {
  const { t } = useTranslation(['admin', 'trust']);
  switch (content.kind) {
    case 'listing':
      return (
        <ContentWithPhoto photo={content.photo}>
          {content.hidden ? (
            <p className="font-medium text-slate-900">{content.title}</p>
          ) : (
            <Link to={paths.listing.href(content.id)} className="font-medium text-brand-700 hover:underline">
              {content.title}
            </Link>
          )}
          <p className="text-slate-700">{formatPrice(content.priceCents)}</p>
          {content.hidden ? <p className="font-medium text-red-700">{t('trust:hidden.badge')}</p> : null}
          <p className="mt-1 line-clamp-3 text-slate-600">{content.description}</p>
        </ContentWithPhoto>
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
        <ContentWithPhoto photo={content.photo}>
          <p className="font-medium text-slate-900">{content.title}</p>
          <p className="mt-1 line-clamp-3 text-slate-600">{content.description}</p>
        </ContentWithPhoto>
      );
    case 'wanted':
      return (
        <ContentWithPhoto photo={content.photo}>
          <p className="font-medium text-slate-900">{content.title}</p>
          <p className="mt-1 line-clamp-3 text-slate-600">{content.description}</p>
          {content.hidden ? <p className="mt-1 text-sm text-slate-500">{t('content.wantedHidden')}</p> : null}
        </ContentWithPhoto>
      );
    case 'member':
      return <p className="text-sm text-slate-600">{t('content.member')}</p>;
    case 'gone':
      return <Alert>{t('content.gone')}</Alert>;
  }
}
