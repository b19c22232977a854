import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Ban, Flag } from 'lucide-react';
import type { ReportKind } from '@common/schemas/trust';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { CheckboxField } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { trustQueries, useBlock, useUnblock } from './api';

/** The report form: its code (and the form library's) loads the first time Report is pressed. */
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * Where space is short (a conversation's header on a phone), the actions show only their icons; the
 * label stays for screen readers and comes back from the `sm` breakpoint up.
 */
const labelOnWideScreens = 'max-sm:sr-only';

/** "Report …" as a quiet button that opens the report dialog. */
export function ReportButton({
  kind,
  targetId,
  className,
  compact = false,
}: {
  kind: ReportKind;
  targetId: string;
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('trust');
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={className}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden className="size-4" />
        <span className={compact ? labelOnWideScreens : undefined}>{t(`report.${kind}`)}</span>
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <ReportDialog kind={kind} targetId={targetId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Block or unblock a member: blocking asks first, and offers to hide their listings too. */
export function BlockButton({
  memberId,
  name,
  compact = false,
}: {
  memberId: string;
  name: string | null;
  compact?: boolean;
}) {
  const { t } = useTranslation('trust');
  const state = useQuery(trustQueries.between(memberId));
  const block = useBlock();
  const unblock = useUnblock();
  const [confirming, setConfirming] = useState(false);
  const [hideListings, setHideListings] = useState(true);
  const who = name ?? t('block.someone');

  if (state.data?.blocked)
    return (
      <Button
        variant="ghost"
        size="sm"
        disabled={unblock.isPending}
        onClick={() =>
          unblock.mutate(memberId, {
            onSuccess: () => toast.success(t('block.undone', { name: who })),
            onError: (error) => toast.error(t('block.error'), { description: errorMessage(error, t) }),
          })
        }
      >
        <Ban aria-hidden className="size-4" />
        <span className={compact ? labelOnWideScreens : undefined}>{t('block.unblock')}</span>
      </Button>
    );
  return (
    <>
      <Button variant="ghost" size="sm" disabled={!state.data} onClick={() => setConfirming(true)}>
        <Ban aria-hidden className="size-4" />
        <span className={compact ? labelOnWideScreens : undefined}>{t('block.block')}</span>
      </Button>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('block.title', { name: who })}
        description={t('block.description')}
      >
        <CheckboxField
          className="mt-4"
          label={t('block.hideListings')}
          checked={hideListings}
          onChange={(event) => setHideListings(event.target.checked)}
        />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('block.cancel')}
          </Button>
          <Button
            disabled={block.isPending}
            onClick={() =>
              block.mutate(
                { memberId, hideListings },
                {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success(t('block.done', { name: who }));
                  },
                  onError: (error) => toast.error(t('block.error'), { description: errorMessage(error, t) }),
                },
              )
            }
          >
            {t('block.confirm')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
