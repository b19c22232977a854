/** Parts wanted: the pages, and the "N members want this" badge the listing page and dashboard show. */
export { WantedDemand } from './demand-badge';
