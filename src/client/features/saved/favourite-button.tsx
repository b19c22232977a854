import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { Heart } from 'lucide-react';
import { paths } from '@common/routes';
import { errorMessage } from '@client/lib/error-message';
import { cn } from '@client/lib/cn';
import { useSession } from '@client/features/session';
import { useSetFavourite } from './api';
import { WaitingButton } from '@client/components/ui/waiting';

/** The heart: saves or removes a favourite; a visitor is sent to sign in and brought back. */
export function FavouriteButton({
  listingId,
  saved,
  className,
}: {
  listingId: string;
  saved: boolean | undefined;
  className?: string;
}) {
  const { t } = useTranslation('saved');
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const setFavourite = useSetFavourite();
  // What the member just chose, until the lists are fetched again.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const busy = setFavourite.isPending;
  const on = chosen ?? Boolean(saved);

  const toggle = async () => {
    if (!user) {
      void navigate(paths.auth.href({ mode: 'signin', redirect: `${location.pathname}${location.search}` }));
      return;
    }
    const next = !on;
    setChosen(next);
    try {
      await setFavourite.mutateAsync({ id: listingId, saved: next });
      toast.success(next ? t('heart.added') : t('heart.removed'), { id: `favourite-${listingId}` });
    } catch (error) {
      setChosen(!next);
      toast.error(t('heart.error'), { description: errorMessage(error, t) });
    }
  };

  return (
    <WaitingButton
      aria-pressed={on}
      aria-label={on ? t('heart.remove') : t('heart.add')}
      title={on ? t('heart.remove') : t('heart.add')}
      disabled={busy}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void toggle();
      }}
      className={cn(
        'flex size-10 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow ring-1 ring-slate-200 transition hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-brand-600',
        on && 'text-rose-600',
        className,
      )}
    >
      <Heart aria-hidden className={cn('size-5', on && 'fill-current')} />
    </WaitingButton>
  );
}
