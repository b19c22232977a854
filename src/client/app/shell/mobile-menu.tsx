import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Menu } from 'lucide-react';
import { useKeepLanguage } from '@client/features/account';
import type { SessionUser } from '@client/features/session';
import { Button } from '@client/components/ui/button';
import { Sheet, preloadSheet } from '@client/components/ui/sheet';
import { LanguageSelect } from '@client/components/layout/language-select';
import type { NavLinkItem, navigation } from './nav-items';

/** The side menu that replaces the bar on small screens. */
export function MobileMenu({
  nav,
  user,
  onSignOut,
  unread = { messages: 0, notifications: 0 },
}: {
  nav: ReturnType<typeof navigation>;
  user: SessionUser | null;
  onSignOut: () => void;
  unread?: { messages: number; notifications: number };
}) {
  const countFor = (label: string) =>
    label === 'messages' ? unread.messages : label === 'notifications' ? unread.notifications : 0;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const keepLanguage = useKeepLanguage(Boolean(user));
  const close = () => setOpen(false);

  const section = (title: string, items: NavLinkItem[]) => (
    <div className="border-b border-slate-100 px-2 py-3">
      <p className="px-3 pb-1 text-xs font-semibold text-slate-500 uppercase">{title}</p>
      <ul>
        {items.map((item) => (
          <li key={`${item.label}-${item.to}`}>
            <Link
              to={item.to}
              onClick={close}
              className="flex items-center justify-between rounded-lg px-3 py-2.5 text-slate-800 hover:bg-slate-100"
            >
              {countFor(item.label) ? (
                <>
                  <span className="sr-only">
                    {t(`nav.${item.label}Unread`, { count: countFor(item.label) })}
                  </span>
                  <span aria-hidden>{t(`nav.${item.label}`)}</span>
                  <span
                    aria-hidden
                    className="min-w-5 rounded-full bg-brand-600 px-1.5 text-center text-xs leading-5 font-bold text-white"
                  >
                    {countFor(item.label)}
                  </span>
                </>
              ) : (
                t(`nav.${item.label}`)
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <>
      <Button
        variant="onDark"
        size="icon"
        aria-label={t('nav.openMenu')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerDown={preloadSheet}
        onFocus={preloadSheet}
        className="relative"
      >
        <Menu aria-hidden className="size-6" />
        {unread.messages + unread.notifications ? (
          <span aria-hidden className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-brand-500" />
        ) : null}
      </Button>
      <Sheet open={open} onOpenChange={setOpen} title={t('nav.menu')} closeLabel={t('nav.closeMenu')}>
        <nav aria-label={t('nav.mainNavigation')}>
          {section(t('nav.buyingSection'), [nav.home, ...nav.browse])}
          {section(t('nav.sellingSection'), user ? nav.sell : [nav.sellEntry, nav.sell[4]!])}
          {section(t('nav.moreSection'), [...nav.primary, nav.notifications, nav.savedSearches])}
          {user ? section(t('nav.accountSection'), nav.account) : null}
        </nav>
        <div className="mt-auto space-y-3 px-5 py-4">
          <LanguageSelect tone="light" onChosen={keepLanguage} />
          {user ? (
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => {
                close();
                onSignOut();
              }}
            >
              {t('nav.signOut')}
            </Button>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <Button asChild variant="secondary">
                <Link to={nav.signIn.to} onClick={close}>
                  {t('nav.signIn')}
                </Link>
              </Button>
              <Button asChild>
                <Link to={nav.signUp.to} onClick={close}>
                  {t('nav.signUp')}
                </Link>
              </Button>
            </div>
          )}
        </div>
      </Sheet>
    </>
  );
}
