import { paths } from '@common/routes';

/**
 * What the navigation links to, for a signed-in member or a visitor. A visitor who picks a members'
 * area (sell, community, notifications, saved searches, favourites, the inbox) goes to sign-in first,
 * and to that area once signed in; parts wanted, like browse, is open to everyone.
 */
export interface NavLinkItem {
  /** Key under `nav.` in the common namespace. */
  label: string;
  to: string;
}

/**
 * `isAdmin` adds the moderation desk to the account menu; `setUpUnfinished` offers onboarding there
 * until the member finishes or dismisses it.
 */
export function navigation(signedIn: boolean, isAdmin = false, setUpUnfinished = false) {
  const members = (to: string): string => (signedIn ? to : paths.auth.href({ mode: 'signin', redirect: to }));

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
      { label: 'partsWanted', to: paths.partsWanted.href() },
      { label: 'community', to: members(paths.community.href()) },
      { label: 'shop', to: paths.shop.href() },
    ],
    notifications: { label: 'notifications', to: members(paths.notifications.href()) },
    savedSearches: { label: 'savedSearches', to: members(paths.savedSearches.href()) },
    favourites: { label: 'favourites', to: members(`${paths.savedSearches.href()}?tab=favourites`) },
    signIn: { label: 'signIn', to: paths.auth.href({ mode: 'signin' }) },
    signUp: { label: 'signUp', to: paths.auth.href({ mode: 'signup' }) },
    messages: { label: 'messages', to: paths.messages.href() },
    /** The tab bar's Inbox: a visitor signs in first. */
    inbox: { label: 'messages', to: members(paths.messages.href()) },
    account: [
      ...(setUpUnfinished ? [{ label: 'finishSetup', to: paths.onboardingRole.href() }] : []),
      { label: 'dashboard', to: paths.dashboard.href() },
      { label: 'messages', to: paths.messages.href() },
      { label: 'myFleet', to: paths.myFleet.href() },
      { label: 'community', to: paths.community.href() },
      { label: 'upgrade', to: paths.upgrade.href() },
      { label: 'settings', to: paths.settings.href() },
      ...(isAdmin ? [{ label: 'moderation', to: paths.admin.href() }] : []),
    ],
  } satisfies Record<string, NavLinkItem | NavLinkItem[]>;
}
