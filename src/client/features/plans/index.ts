/** Plans: the comparison table (home and upgrade) and the upgrade page. */
export { PlanTable } from './plan-table';
