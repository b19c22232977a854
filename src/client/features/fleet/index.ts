/** My Fleet: the member's vehicles, and the "Fits your …" badge listings show. */
export { useFleet } from './api';
export { FitBadge } from './fit-badge';
