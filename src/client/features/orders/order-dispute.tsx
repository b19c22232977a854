import { useTranslation } from 'react-i18next';
import { Gavel, Landmark } from 'lucide-react';
import { formatDateTime } from '@common/i18n/format';
import type { Order } from '@common/schemas/orders';
import { DISPUTE_ANSWER_DAYS, DisputeStatementSchema, type Dispute } from '@common/schemas/disputes';
import { useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { useLanguage } from '@client/lib/use-language';
import { cn } from '@client/lib/cn';
import { TextAreaField } from '@client/components/ui/field';
import { useDisputeStatement } from './api';
import { EvidenceForm, EvidenceFormOpener } from './evidence-form';
import { actionsOf } from './order-actions';
import { EvidencePhotos, money } from './order-ui';

/**
 * The order's dispute: opening one (either side; the payout freezes and the moderation desk decides),
 * what each side said, the decision, and adding to it while it is open. A card dispute the buyer's
 * bank opened is shown too; the bank decides it.
 */
export function DisputeSection({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  const can = actionsOf(order);
  const dispute = order.dispute;
  if (!dispute && !can.open_dispute) return null;
  const member = order.role !== 'moderator';
  return (
    <section
      aria-labelledby="dispute-title"
      className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="dispute-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Gavel aria-hidden className="size-4" />
        {t('dispute.title')}
      </h2>
      {dispute ? <DisputeState dispute={dispute} /> : null}
      {dispute && member && dispute.status === 'open' && dispute.openedBy !== 'card' ? (
        <StatementForm orderId={order.id} kind="add" />
      ) : null}
      {can.open_dispute ? <OpenDispute orderId={order.id} /> : null}
    </section>
  );
}

/** What opening a dispute does; "Open a dispute" opens the form. */
function OpenDispute({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t('dispute.explain', { days: DISPUTE_ANSWER_DAYS })}</p>
      <EvidenceFormOpener label={t('dispute.openTitle')}>
        {(close) => <StatementForm orderId={orderId} kind="open" onCancel={close} />}
      </EvidenceFormOpener>
    </div>
  );
}

/** Who opened it, the time the other side has, each statement, and the decision once there is one. */
function DisputeState({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const open = dispute.status === 'open';
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            open ? 'bg-amber-50 text-amber-900' : 'bg-slate-100 text-slate-800',
          )}
        >
          {t(`dispute.status.${dispute.status}`)}
        </span>
        <span className="text-slate-600">
          {t(`dispute.openedBy.${dispute.openedBy}`, {
            date: formatDateTime(dispute.createdAt, language),
          })}
        </span>
      </div>
      {dispute.openedBy === 'card' ? (
        <p className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <Landmark aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>
            {t('dispute.card')}
            {dispute.cardReason ? ` ${t('dispute.cardReason', { reason: dispute.cardReason })}` : null}
          </span>
        </p>
      ) : null}
      {open && dispute.answerBy ? (
        <p className="font-medium text-slate-900">
          {t('dispute.answerBy', { date: formatDateTime(dispute.answerBy, language) })}
        </p>
      ) : null}
      {dispute.outcome ? <DisputeOutcome dispute={dispute} /> : null}
      {dispute.entries.length ? (
        <ol aria-label={t('dispute.entries')} className="space-y-3">
          {dispute.entries.map((entry, index) => (
            <li
              key={`${entry.at}-${index}`}
              className={cn(
                'rounded-lg border p-3',
                entry.side === 'moderator' ? 'border-brand-200 bg-brand-50' : 'border-slate-200',
              )}
            >
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="font-medium text-slate-900">
                  {t(`dispute.side.${entry.side}`)}
                  {entry.name ? ` · ${entry.name}` : null}
                </span>
                <time dateTime={entry.at} className="text-xs text-slate-600">
                  {formatDateTime(entry.at, language)}
                </time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{entry.body}</p>
              <EvidencePhotos
                photos={entry.photos}
                label={t('dispute.photosOf', { side: t(`dispute.side.${entry.side}`) })}
              />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** The decision: the desk's (or the bank's) outcome, a partial refund's amount, and the desk's note. */
function DisputeOutcome({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
      <p className="font-semibold">
        {t(`dispute.outcome.${dispute.outcome ?? 'release'}`, {
          amount: money(dispute.refundCents ?? 0),
        })}
      </p>
      {dispute.note ? (
        <p className="mt-1 break-words whitespace-pre-line">
          {t('dispute.note')}: {dispute.note}
        </p>
      ) : null}
      {dispute.decidedAt ? (
        <p className="mt-1 text-xs">
          {t('dispute.decidedAt', { date: formatDateTime(dispute.decidedAt, language) })}
        </p>
      ) : null}
    </div>
  );
}

/** Words and up to 6 photos: opening the dispute, or adding to the open one. */
function StatementForm({
  orderId,
  kind,
  onCancel,
}: {
  orderId: string;
  kind: 'open' | 'add';
  /** Closes the form (opening a dispute); adding to one keeps it open. */
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['orders', 'errors']);
  const message = useErrorText();
  const statement = useDisputeStatement(orderId, kind);
  const form = useSchemaForm(DisputeStatementSchema, { defaultValues: { body: '', photos: [] } });
  const { errors } = form.formState;
  return (
    <EvidenceForm
      form={form}
      label={kind === 'open' ? t('dispute.openTitle') : t('dispute.addTitle')}
      send={(input) => statement.mutateAsync(input)}
      sent={kind === 'open' ? t('dispute.opened') : t('dispute.added')}
      submitLabel={kind === 'open' ? t('dispute.openSubmit') : t('dispute.addTitle')}
      clearWhenSent
      onCancel={onCancel}
    >
      <TextAreaField
        label={kind === 'open' ? t('dispute.openBody') : t('dispute.addBody')}
        autoFocus={kind === 'open'}
        rows={4}
        maxLength={2000}
        required
        error={message(errors.body?.message)}
        {...form.register('body')}
      />
    </EvidenceForm>
  );
}
