import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { House, MessageSquare, Search, SquarePlus, UserRound, type LucideIcon } from 'lucide-react';
import { paths } from '@common/routes';
import { useSession } from '@client/features/session';
import { useUnreadCounts } from '@client/features/notifications';
import { cn } from '@client/lib/cn';
import { navigation } from './nav-items';

interface Tab {
  key: string;
  label: string;
  to: string;
  icon: LucideIcon;
  /** `page`: the tab's page is the one shown; `true`: a page inside it (a conversation, for Inbox). */
  current: 'page' | 'true' | false;
  unread?: number;
}

/**
 * The phone's way around (docs/product.md §2, "On a phone"): Home, Search, Sell, Inbox and Account
 * (Sign in for a visitor) pinned to the bottom of the screen below the `lg` breakpoint, where the
 * header has only its menu. It steps aside where the page has a bar of its own at the bottom (a
 * listing's contact bar, in CSS alone; an open conversation on a phone, by its address).
 */
export function TabBar() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const { messages: unread } = useUnreadCounts(Boolean(user));
  const nav = navigation(Boolean(user));
  const inConversation = pathname.startsWith(`${paths.messages.href()}/`);
  const on = (path: string) => (pathname === path ? ('page' as const) : false);

  const tabs: Tab[] = [
    {
      key: 'home',
      label: t('nav.home'),
      to: nav.home.to,
      icon: House,
      current: on(paths.home.href()),
    },
    {
      key: 'search',
      label: t('nav.tabSearch'),
      to: paths.browse.href(),
      icon: Search,
      current: on(paths.browse.href()),
    },
    {
      key: 'sell',
      label: t('nav.sell'),
      to: nav.sellEntry.to,
      icon: SquarePlus,
      current: on(paths.create.href()),
    },
    {
      key: 'inbox',
      label: t('nav.tabInbox'),
      to: nav.inbox.to,
      icon: MessageSquare,
      current: inConversation ? 'true' : on(paths.messages.href()),
      unread,
    },
    user
      ? {
          key: 'account',
          label: t('nav.tabAccount'),
          to: paths.dashboard.href(),
          icon: UserRound,
          current: on(paths.dashboard.href()),
        }
      : {
          key: 'signIn',
          label: t('nav.tabSignIn'),
          to: nav.signIn.to,
          icon: UserRound,
          current: on(paths.auth.href()),
        },
  ];

  return (
    <nav
      aria-label={t('nav.tabBar')}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_12px_rgb(15_23_42/0.06)] backdrop-blur lg:hidden',
        // A listing's contact bar takes the bar's place, as in the marketplace apps.
        'group-has-[[data-sticky-bar]]/shell:hidden',
        // An open conversation fills a phone's screen down to its composer.
        inConversation && 'max-md:hidden',
      )}
    >
      <ul className="mx-auto grid max-w-xl grid-cols-5">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={tab.current || undefined}
              className={cn(
                'flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 py-1.5 text-center text-[11px] leading-tight font-medium',
                tab.current ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <span className="relative">
                <tab.icon aria-hidden className="size-6" strokeWidth={tab.current ? 2.25 : 1.75} />
                {tab.unread ? (
                  <span
                    aria-hidden
                    className="absolute -top-1.5 left-3.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-[11px] leading-5 font-bold text-white ring-2 ring-white"
                  >
                    {tab.unread > 99 ? '99+' : tab.unread}
                  </span>
                ) : null}
              </span>
              {tab.unread ? (
                <>
                  <span className="sr-only">{t('nav.inboxUnread', { count: tab.unread })}</span>
                  <span aria-hidden className="max-w-full truncate">
                    {tab.label}
                  </span>
                </>
              ) : (
                <span className="max-w-full truncate">{tab.label}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
