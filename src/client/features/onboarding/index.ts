/** Onboarding: the steps after sign-up, and the preference fields the settings page edits too. */
import { lazy } from 'react';

export { BuyerPreferenceFields, SellerPreferenceFields } from './preference-fields';
export { profileQuery, useSaveBuyerPreferences, useSaveRole, useSaveSellerPreferences } from './api';
/** Loaded only for a member who has not finished onboarding: nobody else downloads it. */
export const FinishSetupCard = lazy(() => import('./finish-setup-card'));
