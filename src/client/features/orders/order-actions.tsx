import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HandOverSchema, type Order } from '@common/schemas/orders';
import { TrackingSchema } from '@common/schemas/tracking';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { useHandOver, useOrderStep, usePayAgain, useShipOrder, type OrderStep } from './api';

/** The actions the member may take now, as a lookup (`can.ship`). */
export function actionsOf(order: Order) {
  return Object.fromEntries(order.actions.map((action) => [action, true])) as Partial<
    Record<Order['actions'][number], true>
  >;
}

/** The buttons and small forms of the order's own steps (the return's and the dispute's have theirs). */
export function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  const stepper = useOrderStep(order.id);
  const pay = usePayAgain(order.id);
  const ship = useShipOrder(order.id);
  const [cancelling, setCancelling] = useState(false);
  const can = actionsOf(order);
  if (!(
    can.pay ||
    can.ship ||
    can.hand_over ||
    can.ready ||
    can.mark_delivered ||
    can.confirm_receipt ||
    can.cancel
  ))
    return null;

  const run = async (name: OrderStep) => {
    try {
      await stepper.mutateAsync(name);
      toast.success(t('actions.done'));
    } catch (error) {
      toast.error(t('actions.failed'), { description: errorMessage(error, t) });
    }
  };

  return (
    <section className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {can.ship ? (
        <TrackingForm
          submit={(input) => ship.mutateAsync(input)}
          help={t('ship.trackingHelp')}
          label={t('actions.ship')}
        />
      ) : null}
      {can.hand_over ? <HandOverForm orderId={order.id} /> : null}
      <div className="flex flex-wrap gap-3">
        {can.pay ? (
          <Button
            disabled={pay.isPending}
            onClick={() =>
              void pay
                .mutateAsync()
                .then((answer) => {
                  if (answer.url) window.location.assign(answer.url);
                })
                .catch((error: unknown) =>
                  toast.error(t('actions.failed'), { description: errorMessage(error, t) }),
                )
            }
          >
            {t('actions.pay')}
          </Button>
        ) : null}
        {can.ready ? (
          <Button disabled={stepper.isPending} onClick={() => void run('ready')}>
            {t('actions.ready')}
          </Button>
        ) : null}
        {can.mark_delivered ? (
          <Button variant="secondary" disabled={stepper.isPending} onClick={() => void run('delivered')}>
            {t('actions.mark_delivered')}
          </Button>
        ) : null}
        {can.confirm_receipt ? (
          <Button
            disabled={stepper.isPending}
            aria-describedby="confirm-receipt-note"
            onClick={() => void run('confirm')}
          >
            {t('actions.confirm_receipt')}
          </Button>
        ) : null}
        {can.cancel ? (
          <Button variant="ghost" disabled={stepper.isPending} onClick={() => setCancelling(true)}>
            {t('actions.cancel')}
          </Button>
        ) : null}
      </div>
      {can.confirm_receipt ? (
        <p id="confirm-receipt-note" className="text-sm text-slate-600">
          {t('actions.confirmNote')}
        </p>
      ) : null}
      <Modal
        open={cancelling}
        onOpenChange={setCancelling}
        title={t('cancel.title')}
        description={t('cancel.body')}
      >
        <Button variant="secondary" onClick={() => setCancelling(false)}>
          {t('cancel.keep')}
        </Button>
        <Button
          disabled={stepper.isPending}
          onClick={() => {
            setCancelling(false);
            void run('cancel');
          }}
        >
          {t('cancel.confirm')}
        </Button>
      </Modal>
    </section>
  );
}

/**
 * A parcel's carrier and tracking number: the seller shipping the order, or the buyer sending a
 * return back. A number the server does not recognise is shown on its field.
 */
export function TrackingForm({
  submit: send,
  help,
  label,
}: {
  submit: (input: { carrier?: string; trackingNumber: string }) => Promise<unknown>;
  help: string;
  label: string;
}) {
  const { t } = useTranslation(['orders', 'errors']);
  const message = useErrorText();
  const form = useSchemaForm(TrackingSchema, { defaultValues: { carrier: '', trackingNumber: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await send(input);
      toast.success(t('actions.done'));
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'TRACKING_INVALID')
        form.setError(
          'trackingNumber',
          { type: 'server', message: errorMessage(error, t) },
          { shouldFocus: true },
        );
      else {
        showServerErrors(form, error);
        toast.error(t('actions.failed'), { description: errorMessage(error, t) });
      }
    }
  });
  return (
    <StepForm submit={submit} columns="sm:grid-cols-[1fr_2fr_auto]" busy={isSubmitting} label={label}>
      <TextField
        label={t('ship.carrier')}
        autoComplete="off"
        error={message(errors.carrier?.message)}
        {...form.register('carrier')}
      />
      <TextField
        label={t('ship.tracking')}
        autoComplete="off"
        hint={help}
        error={
          errors.trackingNumber?.type === 'server'
            ? errors.trackingNumber.message
            : message(errors.trackingNumber?.message)
        }
        {...form.register('trackingNumber')}
      />
    </StepForm>
  );
}

function HandOverForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation(['orders', 'errors']);
  const message = useErrorText();
  const handOver = useHandOver(orderId);
  const form = useSchemaForm(HandOverSchema, { defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await handOver.mutateAsync(input);
      toast.success(t('actions.done'));
    } catch (error) {
      form.setError('code', { type: 'server', message: errorMessage(error, t) }, { shouldFocus: true });
    }
  });
  return (
    <StepForm
      submit={submit}
      columns="sm:grid-cols-[1fr_auto]"
      busy={isSubmitting}
      label={t('actions.hand_over')}
    >
      <TextField
        label={t('handOver.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        hint={t('handOver.help')}
        error={errors.code?.type === 'server' ? errors.code.message : message(errors.code?.message)}
        {...form.register('code')}
      />
    </StepForm>
  );
}

/**
 * A step's small form: its fields side by side with the button that sends it (stacked on a phone).
 * `columns` are the grid's columns from `sm` up, the button's last.
 */
function StepForm({
  submit,
  columns,
  busy,
  label,
  children,
}: {
  submit: (event: React.FormEvent<HTMLFormElement>) => Promise<void>;
  columns: string;
  busy: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className={`grid gap-3 ${columns} sm:items-start`}
    >
      {children}
      <Button type="submit" className="sm:mt-7" disabled={busy}>
        {label}
      </Button>
    </form>
  );
}
