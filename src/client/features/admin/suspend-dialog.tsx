import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUSPENSION_DAYS } from '@common/schemas/trust';
import { Button } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { WaitingSelect } from '@client/components/ui/waiting';

/** Asks how long to suspend the member for, and why (the reason goes to the audit log). */
export function SuspendDialog({
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
          <WaitingSelect
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
          </WaitingSelect>
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
