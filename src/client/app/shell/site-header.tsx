import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Bell, Heart, MessageSquare } from 'lucide-react';
import { paths } from '@common/routes';
import { useKeepLanguage } from '@client/features/account';
import { useSession } from '@client/features/session';
import { useUnreadCounts } from '@client/features/notifications';
import { Button, buttonClass } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { navigation } from './nav-items';
import { LanguageSelect } from '@client/components/layout/language-select';
import { MobileMenu } from './mobile-menu';
import { Logo } from '@client/components/layout/logo';

// Members' menus (and their menu library) load only for members, after the page has come alive.
const NavDropdown = lazy(() => import('./nav-dropdown').then((module) => ({ default: module.NavDropdown })));
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

export function SiteHeader({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const keepLanguage = useKeepLanguage(Boolean(user));
  const { messages: unread, notifications: unreadNotifications } = useUnreadCounts(Boolean(user));
  const nav = navigation(Boolean(user), user?.isAdmin ?? false, user ? !user.onboardingCompleted : false);
  // The whole bar from 1280 px, the menu below: Spanish's bar does not fit narrower. A label longer
  // than its share of the bar ("Guía del comprador") wraps onto a second line rather than pushing the
  // bar wider than the window.
  const barLink = ({ isActive }: { isActive: boolean }) =>
    cn(
      buttonClass('onDark'),
      'h-auto! min-h-10 py-1 text-center leading-tight whitespace-normal!',
      isActive && 'bg-white/10',
    );
  const iconLink = cn(buttonClass('onDark', 'icon'));

  return (
    <header className="sticky top-0 z-40 bg-slate-900 text-white shadow">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Logo />
        <nav
          aria-label={t('nav.mainNavigation')}
          className="ml-4 hidden min-w-0 flex-1 items-center gap-1 xl:flex"
        >
          {user ? (
            <>
              <Suspense fallback={<span className={buttonClass('onDark')}>{t('nav.browse')}</span>}>
                <NavDropdown labelKey="browse" items={nav.browse} />
              </Suspense>
              <Suspense fallback={<span className={buttonClass('onDark')}>{t('nav.sell')}</span>}>
                <NavDropdown labelKey="sell" items={nav.sell} />
              </Suspense>
            </>
          ) : (
            <>
              <NavLink to={paths.browse.href()} className={barLink}>
                {t('nav.browse')}
              </NavLink>
              <NavLink to={paths.buyingGuide.href()} className={barLink}>
                {t('nav.buyingGuide')}
              </NavLink>
              <Link to={nav.sellEntry.to} className={barLink({ isActive: false })}>
                {t('nav.sell')}
              </Link>
            </>
          )}
          {nav.primary.map((item) => (
            <NavLink key={item.label} to={item.to} className={barLink}>
              {t(`nav.${item.label}`)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 xl:flex">
            {user ? (
              <Link
                to={nav.messages.to}
                className={`${iconLink} relative`}
                aria-label={unread ? t('nav.messagesUnread', { count: unread }) : t('nav.messages')}
                title={t('nav.messages')}
              >
                <MessageSquare aria-hidden className="size-5" />
                {unread ? <CountBadge count={unread} /> : null}
              </Link>
            ) : null}
            <Link
              to={nav.favourites.to}
              className={iconLink}
              aria-label={t('nav.favourites')}
              title={t('nav.favourites')}
            >
              <Heart aria-hidden className="size-5" />
            </Link>
            <Link
              to={nav.notifications.to}
              className={`${iconLink} relative`}
              aria-label={
                unreadNotifications
                  ? t('nav.notificationsUnread', { count: unreadNotifications })
                  : t('nav.notifications')
              }
              title={t('nav.notifications')}
            >
              <Bell aria-hidden className="size-5" />
              {unreadNotifications ? <CountBadge count={unreadNotifications} /> : null}
            </Link>
            <LanguageSelect className="ml-1" onChosen={keepLanguage} />
            {user ? (
              <Suspense fallback={<span className={cn(buttonClass('onDark'), 'w-32')} />}>
                <UserMenu user={user} items={nav.account} onSignOut={onSignOut} />
              </Suspense>
            ) : (
              <>
                <Button asChild variant="onDark" className="ml-2">
                  <Link to={nav.signIn.to}>{t('nav.signIn')}</Link>
                </Button>
                <Button asChild>
                  <Link to={nav.signUp.to}>{t('nav.signUp')}</Link>
                </Button>
              </>
            )}
          </div>
          <div className="xl:hidden">
            <MobileMenu
              nav={nav}
              user={user}
              onSignOut={onSignOut}
              unread={{ messages: unread, notifications: unreadNotifications }}
            />
          </div>
        </div>
      </div>
    </header>
  );
}

function CountBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden
      className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs leading-5 font-bold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
