import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HandHelping, MessageSquare } from 'lucide-react';
import type { WantedDetail } from '@common/schemas/wanted';
import { paths } from '@common/routes';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/features/session';
import { AnswersCount } from './answers-count';

const load = () => import('./answer-dialog');
const AnswerDialog = lazy(load);

const bigButton = 'h-auto! min-h-12 w-full py-2 text-center leading-tight whitespace-normal! sm:w-auto';

/**
 * "I have this" on another member's open post: a visitor signs in first; a Bronze member learns that
 * answering comes with Gold and Platinum, with the way to the plans; a member who answered it already
 * opens that conversation; otherwise the dialog, with this month's answers counted.
 */
export function AnswerPanel({ post }: { post: WantedDetail }) {
  const { t } = useTranslation('wanted');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const answers = post.answers;

  if (post.state !== 'open')
    return <p className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">{t('answer.closed')}</p>;

  if (!user || !answers)
    return (
      <Panel>
        <Button asChild size="lg" className={bigButton}>
          <Link to={paths.auth.href({ mode: 'signin', redirect: paths.partsWantedPost.href(post.id) })}>
            <HandHelping aria-hidden className="size-5 shrink-0" />
            {t('answer.signIn')}
          </Link>
        </Button>
        <p className="text-sm text-slate-600">{t('answer.pitch')}</p>
      </Panel>
    );

  if (answers.conversationId)
    return (
      <Panel>
        <p className="text-sm font-medium text-slate-800">{t('answer.answered')}</p>
        <Button asChild size="lg" className={bigButton}>
          <Link to={paths.conversation.href(answers.conversationId)}>
            <MessageSquare aria-hidden className="size-5 shrink-0" />
            {t('answer.openConversation')}
          </Link>
        </Button>
      </Panel>
    );

  // Bronze: no button to press, but what answering needs and where to get it.
  if (answers.limit === 0)
    return (
      <Panel>
        <p className="flex items-start gap-2 text-sm text-slate-800">
          <HandHelping aria-hidden className="size-5 shrink-0 text-brand-600" />
          {t('answer.needsPlan')}
        </p>
        <Button asChild size="lg" className={bigButton}>
          <Link to={paths.upgrade.href()}>{t('answer.seePlans')}</Link>
        </Button>
      </Panel>
    );

  const used = answers.limit !== null && answers.used >= answers.limit;
  return (
    <Panel>
      <Button
        size="lg"
        className={bigButton}
        aria-haspopup="dialog"
        disabled={used}
        onPointerDown={() => void load()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <HandHelping aria-hidden className="size-5 shrink-0" />
        {t('answer.button')}
      </Button>
      <AnswersCount answers={answers} />
      {used ? (
        <p className="text-sm text-slate-700">
          {t('answer.limitReached')}{' '}
          <Link to={paths.upgrade.href()} className="font-semibold text-brand-700 underline">
            {t('answer.seePlans')}
          </Link>
        </p>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <AnswerDialog post={post} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </Panel>
  );
}

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">{children}</div>
  );
}
