import { paths } from '@common/routes';

/**
 * What the navigation links to, for a signed-in member or a visitor. A visitor who picks a members'
 * area (sell, parts wanted, community, notifications, saved searches) goes to sign-in first;
 * notifications and saved searches pass the page to come back to.
 */
export interface NavLinkItem {
  /** Key under `nav.` in the common namespace. */
  label: string;
  to: string;
}

const signIn = paths.auth.href({ mode: 'signin' });

export function navigation(signedIn: boolean) {
  const members = (to: string, withRedirect = false): string =>
    signedIn ? to : withRedirect ? paths.auth.href({ mode: 'signin', redirect: to }) : signIn;

  return {
    home: { label: 'home', to: paths.home.href() },
    browse: [
      { label: 'allParts', to: paths.browse.href() },
      { label: 'buyingGuide', to: paths.buyingGuide.href() },
    ],
    sell: [
      { label: 'newListing', to: paths.create.href() },
      { label: 'currentListings', to: paths.dashboard.href() },
      { label: 'pendingSales', to: paths.pendingSales.href() },
      { label: 'history', to: paths.history.href() },
      { label: 'sellingGuide', to: paths.sellingGuide.href() },
    ],
    sellEntry: { label: 'sell', to: members(paths.create.href()) },
    primary: [
      { label: 'partsWanted', to: members(paths.partsWanted.href()) },
      { label: 'community', to: members(paths.community.href()) },
      { label: 'shop', to: paths.shop.href() },
    ],
    notifications: { label: 'notifications', to: members(paths.notifications.href(), true) },
    savedSearches: { label: 'savedSearches', to: members(paths.savedSearches.href(), true) },
    messages: { label: 'messages', to: paths.messages.href() },
    account: [
      { label: 'dashboard', to: paths.dashboard.href() },
      { label: 'messages', to: paths.messages.href() },
      { label: 'myFleet', to: paths.myFleet.href() },
      { label: 'community', to: paths.community.href() },
      { label: 'upgrade', to: paths.upgrade.href() },
    ],
  } satisfies Record<string, NavLinkItem | NavLinkItem[]>;
}
