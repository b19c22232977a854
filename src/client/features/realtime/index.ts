/** Realtime: one WebSocket per tab that keeps the query cache current, and its status for fallbacks. */
export { RealtimeProvider, type OnNotification } from './realtime-provider';
export { fallbackInterval, useRealtimeStatus, type RealtimeStatus } from './realtime';
