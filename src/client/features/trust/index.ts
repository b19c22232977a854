/** Trust between members: reporting and blocking, used by listings, messages, community and settings. */
export { BlockButton, ReportButton } from './safety-actions';
export { trustQueries, useUnblock } from './api';
