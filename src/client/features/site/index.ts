export { siteQueries } from './api';
