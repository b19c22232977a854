import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { formatDate, formatDateTime } from '@common/i18n/format';
import type { Order } from '@common/schemas/orders';
import {
  AnswerReturnSchema,
  RETURN_DAYS,
  RETURN_REASONS,
  RequestReturnSchema,
  type ReturnReason,
} from '@common/schemas/returns';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { SelectField, TextAreaField } from '@client/components/ui/field';
import { FormDialog, Modal } from '@client/components/ui/modal';
import { useAnswerReturn, useReceiveReturn, useRequestReturn, useSendReturn } from './api';
import { EvidenceForm, EvidenceFormOpener } from './evidence-form';
import { TrackingForm, actionsOf } from './order-actions';
import { EvidencePhotos, FitGuarantee, ParcelTracking, money } from './order-ui';

type OrderReturn = NonNullable<Order['return']>;

/**
 * The order's return: asking for one within 7 days (the buyer), where it stands, and each side's step
 * (the seller answers, the buyer sends the part back, the seller confirms it came back).
 */
export function ReturnSection({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  const can = actionsOf(order);
  const ret = order.return;
  if (!ret && !can.request_return) return null;
  return (
    <section
      aria-labelledby="return-title"
      className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="return-title" className="font-semibold text-slate-900">
        {t('return.title')}
      </h2>
      {ret ? <ReturnState ret={ret} /> : null}
      {can.request_return ? <RequestReturn order={order} /> : null}
      {can.answer_return ? <AnswerReturn orderId={order.id} /> : null}
      {can.send_return ? <SendReturn orderId={order.id} /> : null}
      {can.receive_return ? <ReceiveReturn order={order} /> : null}
    </section>
  );
}

/** Where the return stands: its status, reason, words and photos, the seller's answer, its parcel. */
function ReturnState({ ret }: { ret: OrderReturn }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
          {t(`return.status.${ret.status}`)}
        </span>
        {ret.guaranteed ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
            <ShieldCheck aria-hidden className="size-3.5" />
            {t('return.guaranteed')}
          </span>
        ) : null}
        <span className="text-slate-600">
          {t('return.askedOn', { date: formatDateTime(ret.createdAt, language) })}
        </span>
      </div>
      <p>{t(`return.explain.${ret.status}`, { days: RETURN_DAYS })}</p>
      {ret.answerBy ? (
        <p className="font-medium text-slate-900">
          {t('return.answerBy', { date: formatDateTime(ret.answerBy, language) })}
        </p>
      ) : null}
      <dl className="space-y-2">
        <div>
          <dt className="font-medium text-slate-900">{t('return.reason')}</dt>
          <dd>{t(`return.reasons.${ret.reason}`)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">{t('return.details')}</dt>
          <dd className="break-words whitespace-pre-line">{ret.details}</dd>
        </div>
        {ret.refusal ? (
          <div>
            <dt className="font-medium text-slate-900">{t('return.refusal')}</dt>
            <dd className="break-words whitespace-pre-line">{ret.refusal}</dd>
          </div>
        ) : null}
        {ret.trackingNumber ? (
          <div>
            <dt className="font-medium text-slate-900">{t('return.parcel')}</dt>
            <dd>
              <ParcelTracking
                carrier={ret.carrier}
                trackingNumber={ret.trackingNumber}
                trackingUrl={ret.trackingUrl}
              />
            </dd>
          </div>
        ) : null}
      </dl>
      <EvidencePhotos photos={ret.photos} label={t('return.photos')} />
    </div>
  );
}

/**
 * The buyer may ask to return it: until when, and the fit guarantee; "Ask to return it" opens the form.
 */
function RequestReturn({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  return (
    <div className="space-y-3">
      <div className="space-y-1.5 text-sm text-slate-700">
        <p>
          {order.returnUntil
            ? t('return.window', {
                days: RETURN_DAYS,
                date: formatDate(order.returnUntil, language, 'long'),
              })
            : t('return.windowAfterDelivery', { days: RETURN_DAYS })}
        </p>
        {order.returnsAccepted ? null : <p>{t('return.onlyGuarantee')}</p>}
        {order.fitVehicle ? <FitGuarantee vehicle={order.fitVehicle.label} /> : null}
      </div>
      <EvidenceFormOpener label={t('return.ask')}>
        {(close) => <RequestReturnForm order={order} onCancel={close} />}
      </EvidenceFormOpener>
    </div>
  );
}

/**
 * The buyer asks to return it: a reason ("Doesn't fit" only, under the fit guarantee, when the seller
 * takes no returns), what is wrong, and up to 6 photos.
 */
function RequestReturnForm({ order, onCancel }: { order: Order; onCancel: () => void }) {
  const { t } = useTranslation(['orders', 'errors']);
  const message = useErrorText();
  const request = useRequestReturn(order.id);
  const reasons: readonly ReturnReason[] = order.returnsAccepted ? RETURN_REASONS : ['doesnt_fit'];
  const form = useSchemaForm(RequestReturnSchema, {
    defaultValues: {
      // Empty until chosen, whatever the enum's type allows; the only reason under the guarantee.
      reason: (order.returnsAccepted ? '' : 'doesnt_fit') as ReturnReason,
      details: '',
      photos: [],
    },
  });
  const { errors } = form.formState;
  return (
    <EvidenceForm
      form={form}
      label={t('return.ask')}
      send={(input) => request.mutateAsync(input)}
      sent={t('return.requested')}
      submitLabel={t('return.submit')}
      onCancel={onCancel}
    >
      <SelectField
        label={t('return.reason')}
        autoFocus
        placeholder={t('return.choose')}
        options={reasons}
        optionLabel={(reason) => t(`return.reasons.${reason}`)}
        error={message(errors.reason?.message)}
        {...form.register('reason')}
      />
      <TextAreaField
        label={t('return.details')}
        rows={4}
        maxLength={2000}
        required
        error={message(errors.details?.message)}
        {...form.register('details')}
      />
    </EvidenceForm>
  );
}

/** The seller accepts the return, or refuses it with the reason the buyer will read. */
function AnswerReturn({ orderId }: { orderId: string }) {
  const { t } = useTranslation(['orders', 'errors']);
  const message = useErrorText();
  const answer = useAnswerReturn(orderId);
  const [refusing, setRefusing] = useState(false);
  const form = useSchemaForm(AnswerReturnSchema.options[1], {
    defaultValues: { answer: 'refuse', note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const accept = async () => {
    try {
      await answer.mutateAsync({ answer: 'accept' });
      toast.success(t('return.accepted'));
    } catch (error) {
      toast.error(t('actions.failed'), { description: errorMessage(error, t) });
    }
  };
  const refuse = form.handleSubmit(async (input) => {
    try {
      await answer.mutateAsync(input);
      setRefusing(false);
      toast.success(t('return.refused'));
    } catch (error) {
      if (!showServerErrors(form, error))
        toast.error(t('actions.failed'), { description: errorMessage(error, t) });
    }
  });
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">{t('return.answerHelp')}</p>
      <div className="flex flex-wrap gap-3">
        <Button disabled={answer.isPending} onClick={() => void accept()}>
          {t('return.accept')}
        </Button>
        <Button variant="secondary" disabled={answer.isPending} onClick={() => setRefusing(true)}>
          {t('return.refuse')}
        </Button>
      </div>
      <FormDialog
        open={refusing}
        onOpenChange={setRefusing}
        title={t('return.refuseTitle')}
        description={t('return.refuseBody')}
      >
        <form onSubmit={(event) => void refuse(event)} noValidate className="mt-4 space-y-4">
          <TextAreaField
            label={t('return.refuseNote')}
            rows={4}
            maxLength={1000}
            required
            error={message(errors.note?.message)}
            {...form.register('note')}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setRefusing(false)}>
              {t('return.keepAnswer')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {t('return.refuseSubmit')}
            </Button>
          </div>
        </form>
      </FormDialog>
    </div>
  );
}

/** The buyer sends the part back: the parcel's tracking number. */
function SendReturn({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const send = useSendReturn(orderId);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">{t('return.sendHelp', { days: RETURN_DAYS })}</p>
      <TrackingForm
        submit={(input) => send.mutateAsync(input)}
        help={t('return.trackingHelp')}
        label={t('return.send')}
      />
    </div>
  );
}

/** The seller has the part back: confirming refunds the buyer in full. */
function ReceiveReturn({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  const receive = useReceiveReturn(order.id);
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    setConfirming(false);
    try {
      await receive.mutateAsync();
      toast.success(t('return.receivedDone'));
    } catch (error) {
      toast.error(t('actions.failed'), { description: errorMessage(error, t) });
    }
  };
  return (
    <>
      <Button disabled={receive.isPending} onClick={() => setConfirming(true)}>
        {t('return.receive')}
      </Button>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('return.receiveTitle')}
        description={t('return.receiveBody', { amount: money(order.totalCents) })}
      >
        <Button variant="secondary" onClick={() => setConfirming(false)}>
          {t('return.notYet')}
        </Button>
        <Button disabled={receive.isPending} onClick={() => void confirm()}>
          {t('return.receiveConfirm')}
        </Button>
      </Modal>
    </>
  );
}
