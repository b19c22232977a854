/** Accounts: sign-up, sign-in, confirmation and reset; what the settings page reuses. */
export { NewPasswordField } from './new-password-field';
export { useLinkToken } from './use-link-token';
