import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CircleCheck, Pencil, RotateCw, Trash2 } from 'lucide-react';
import type { WantedDetail } from '@common/schemas/wanted';
import { paths } from '@common/routes';
import { toast } from '@client/lib/toast';
import { errorMessage } from '@client/lib/error-message';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { useWantedAction } from './api';
import { StateBadge } from './wanted-bits';

/**
 * What the member sees of their own post: its state, Edit, Renew (open 30 more days, an expired post
 * too), Mark found (it closes) and Delete (confirmed).
 */
export function OwnerActions({ post }: { post: WantedDetail }) {
  const { t } = useTranslation(['wanted', 'errors']);
  const navigate = useNavigate();
  const action = useWantedAction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmFound, setConfirmFound] = useState(false);
  const live = post.state === 'open' || post.state === 'expired';

  // Awaited: a deleted post's page may be gone by the time it is done, and the way back to the
  // member's posts with it.
  const run = async (name: 'renew' | 'found' | 'delete') => {
    try {
      await action.mutateAsync({ id: post.id, action: name });
      toast.success(
        t(name === 'renew' ? 'owner.renewed' : name === 'found' ? 'owner.foundDone' : 'owner.deleted'),
      );
      if (name === 'delete') void navigate(paths.partsWanted.href({ mine: '1' }), { replace: true });
    } catch (error) {
      toast.error(t('owner.error'), { description: errorMessage(error, t) });
    } finally {
      setConfirmDelete(false);
      setConfirmFound(false);
    }
  };

  return (
    <>
      <div className="space-y-3 rounded-xl border border-brand-100 bg-brand-50 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-medium text-slate-800">{t('owner.note')}</p>
          <StateBadge state={post.state} />
        </div>
        <p className="text-sm text-slate-700">{t(`owner.stateHint.${post.state}`)}</p>
        {post.state === 'hidden' ? <Alert tone="error">{t('owner.hiddenNote')}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          {post.state === 'hidden' ? null : (
            <Button asChild variant="secondary" size="sm">
              <Link to={paths.partsWantedEdit.href(post.id)}>
                <Pencil aria-hidden className="size-4" />
                {t('owner.edit')}
              </Link>
            </Button>
          )}
          {live ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={action.isPending}
              onClick={() => void run('renew')}
            >
              <RotateCw aria-hidden className="size-4" />
              {t('owner.renew')}
            </Button>
          ) : null}
          {live ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={action.isPending}
              onClick={() => setConfirmFound(true)}
            >
              <CircleCheck aria-hidden className="size-4" />
              {t('owner.markFound')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden className="size-4" />
            {t('owner.delete')}
          </Button>
        </div>
      </div>
      <Modal
        open={confirmFound}
        onOpenChange={setConfirmFound}
        title={t('owner.foundTitle')}
        description={t('owner.foundBody')}
      >
        <Button variant="secondary" onClick={() => setConfirmFound(false)}>
          {t('owner.cancel')}
        </Button>
        <Button disabled={action.isPending} onClick={() => void run('found')}>
          {t('owner.foundConfirm')}
        </Button>
      </Modal>
      <Modal
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('owner.deleteTitle')}
        description={t('owner.deleteBody')}
      >
        <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
          {t('owner.cancel')}
        </Button>
        <Button disabled={action.isPending} onClick={() => void run('delete')}>
          {t('owner.deleteConfirm')}
        </Button>
      </Modal>
    </>
  );
}
