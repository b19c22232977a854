/** The seller dashboard: its data (the member's listings), which a wanted post's "I have this" offers. */
export { dashboardQueries } from './api';
