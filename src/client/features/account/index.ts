/** What the rest of the app uses of the account feature: the language menu keeps a member's choice. */
export { useKeepLanguage } from './api';
