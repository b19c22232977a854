import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Share2 } from 'lucide-react';
import { REFERRAL_DAYS } from '@common/schemas/referrals';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/field';
import { useReferralLink } from './api';
import { money } from './order-ui';

/** Copies text to the clipboard; false where the browser will not (no permission, not a secure page). */
async function copied(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * "Share & earn" on a listing with a referral amount (a signed-in member, not its seller): makes the
 * member's link, copies it, and shows it to copy by hand where the clipboard is not allowed.
 */
export function ShareEarn({ listingId, amountCents }: { listingId: string; amountCents: number }) {
  const { t } = useTranslation(['orders', 'errors']);
  const link = useReferralLink(listingId);
  const [url, setUrl] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const helpId = useId();
  const amount = money(amountCents);

  const copy = async (text: string) => {
    if (await copied(text)) toast.success(t('share.copied'));
    else {
      input.current?.focus();
      input.current?.select();
      toast.info(t('share.copyByHand'));
    }
  };

  const share = async () => {
    try {
      const made = url ?? (await link.mutateAsync()).url;
      setUrl(made);
      await copy(made);
    } catch (error) {
      toast.error(t('share.failed'), { description: errorMessage(error, t) });
    }
  };

  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Button
        variant="secondary"
        className="w-full"
        disabled={link.isPending}
        aria-describedby={helpId}
        onClick={() => void share()}
      >
        <Share2 aria-hidden className="size-4" />
        {t('share.button', { amount })}
      </Button>
      <p id={helpId} className="text-sm text-slate-600">
        {t('share.help', { amount, days: REFERRAL_DAYS })}
      </p>
      {url ? (
        <div>
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('share.link')}
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id={inputId}
              readOnly
              value={url}
              onFocus={(event) => event.target.select()}
              className={`${inputClass} min-w-0 font-mono text-sm`}
            />
            <Button
              variant="secondary"
              size="icon"
              className="h-11 shrink-0"
              aria-label={t('share.copy')}
              onClick={() => void copy(url)}
            >
              <Copy aria-hidden className="size-4" />
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
