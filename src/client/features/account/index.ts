/**
 * What the rest of the app uses of the account feature: the language menu keeps a member's choice, and
 * what shows a member to others asks for their name first.
 */
export { useKeepLanguage } from './api';
export { NameGate } from './name-gate';
