/** Realtime's face: the connection provider and the hooks that listen to it. */
export { loadSocketClient, RealtimeConnection } from './realtime-connection';
export { RealtimeProvider, useRealtimeConnection, useRealtimeEvent, useRealtimeStatus } from './realtime-provider';
