/** Realtime: one WebSocket per tab that keeps the query cache current, and its status for fallbacks. */
export { RealtimeProvider } from './realtime-provider';
export { apply as applyEvent, type OnNotification, type ThreadPages } from './apply';
export { fallbackInterval, useRealtimeStatus, type RealtimeStatus } from './realtime';
