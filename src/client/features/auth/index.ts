/** Accounts: sign-up, sign-in, confirmation and reset; what the settings page reuses. */
export { PasswordRequirements } from './password-requirements';
export { useLinkToken } from './use-link-token';
