/** Onboarding: the steps after sign-up, and the preference fields the settings page edits too. */
export { BuyerPreferenceFields, SellerPreferenceFields } from './preference-fields';
export { profileQuery, useSaveBuyerPreferences, useSaveRole, useSaveSellerPreferences } from './api';
export { FinishSetupCard } from './finish-setup-card';
