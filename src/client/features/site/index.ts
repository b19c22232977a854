export { prefetchSite, siteQueries, useSiteSettings } from './api';
