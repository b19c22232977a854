import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MessageSquare } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { PageMeta } from '@client/components/layout/page-meta';
import { InboxList } from './inbox-list';
import { ThreadView } from './thread-view';

/** /messages and /messages/{id}: the inbox and one conversation. */
export default function Inbox() {
  const { t } = useTranslation('messages');
  const { id } = useParams();

  return (
    <>
      <PageMeta title={t('meta.title')} noIndex />
      <div className={cn('mx-auto max-w-7xl px-4 py-6 sm:px-6', id && 'max-md:p-0')}>
        <h1 className={cn('text-2xl font-bold text-slate-900', id ? 'sr-only md:not-sr-only' : '')}>
          {t('title')}
        </h1>
        <div className="mt-4 grid grid-cols-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:h-[70vh] md:grid-cols-[22rem_1fr]">
          <InboxList id={id} />
          <section
            aria-label={t('threadLabel')}
            className={cn(
              'min-h-[60vh] min-w-0 flex-col md:min-h-0',
              // On a phone an open conversation fills the screen under the header; the composer
              // stays at the bottom, above the keyboard (the viewport shrinks with it).
              id
                ? 'flex max-md:fixed max-md:inset-x-0 max-md:top-16 max-md:bottom-0 max-md:z-30 max-md:bg-white'
                : 'hidden md:flex',
            )}
          >
            {id ? (
              <ThreadView key={id} id={id} />
            ) : (
              <div className="m-auto p-8 text-center">
                <MessageSquare aria-hidden className="mx-auto size-10 text-slate-400" />
                <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('select')}</h2>
                <p className="mt-1 text-sm text-slate-600">{t('selectBody')}</p>
              </div>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
