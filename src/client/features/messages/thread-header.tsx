import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { ConversationSummary } from '@common/schemas/messages';
import { formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { BlockButton, ReportButton } from '@client/features/trust';
import { memberName } from './member-name';

/** The top of an open conversation: back to the inbox, who and which listing, report and block. */
export function ThreadHeader({ conversation }: { conversation: ConversationSummary }) {
  const { t } = useTranslation(['messages', 'market']);
  const other = conversation.otherMember;
  return (
    <header className="flex shrink-0 items-center gap-3 border-b border-slate-200 p-3">
      <Link
        to={paths.messages.href()}
        className="shrink-0 rounded-lg p-1.5 hover:bg-slate-100 md:hidden"
        aria-label={t('back')}
      >
        <ArrowLeft aria-hidden className="size-5" />
      </Link>
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold text-slate-900">{memberName(other, t)}</h2>
        {conversation.listing.id ? (
          <Link
            to={paths.listing.href(conversation.listing.id)}
            className="block truncate text-sm text-brand-700 hover:underline"
          >
            {conversation.listing.title} · {formatPrice(conversation.listing.priceCents)}
          </Link>
        ) : (
          <p className="truncate text-sm text-slate-600">
            {conversation.listing.title} · {t('market:listing.noLongerAvailable')}
          </p>
        )}
      </div>
      {other.deleted ? null : (
        <div className="flex shrink-0 flex-wrap justify-end">
          <ReportButton kind="member" targetId={other.id} compact />
          <BlockButton memberId={other.id} name={other.name} compact />
        </div>
      )}
    </header>
  );
}
