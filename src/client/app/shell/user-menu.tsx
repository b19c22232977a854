import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { userMenuLabel, type SessionUser } from '@client/features/session';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { Button } from '@client/components/ui/button';
import type { NavLinkItem } from './nav-items';

export function UserMenu({
  user,
  items,
  onSignOut,
}: {
  user: SessionUser;
  items: NavLinkItem[];
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const label = userMenuLabel(user) ?? t('nav.user');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="onDark" aria-label={t('nav.userMenu', { name: label })}>
          <UserRound aria-hidden className="size-4" />
          <span className="max-w-32 truncate">{label}</span>
          <ChevronDown aria-hidden className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>{t(`nav.${item.label}`)}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden className="size-4" />
          {t('nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
