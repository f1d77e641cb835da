import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useStore } from 'react-redux';
import type { ServerEventName, ServerEventPayload } from '@atelier/shared';
import type { RootState } from '../../lib/store';
import { useAppDispatch } from '../../lib/hooks';
import { creditsUpdated } from '../../lib/session';
import { realtimeConnection, type RealtimeConnection, type RealtimeSnapshot } from './realtime-connection';

const RealtimeContext = createContext<RealtimeConnection>(realtimeConnection);

/** The connection in use: the provider's, else the app's single one (pages sit outside the provider). */
export function useRealtimeConnection(): RealtimeConnection {
  return useContext(RealtimeContext);
}

/** Connection status for display (a dot, a fallback to polling). */
export function useRealtimeStatus(): RealtimeSnapshot {
  const connection = useRealtimeConnection();
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getSnapshot);
}

/** Calls the latest `handler` for every `event` the server sends while the component is mounted. */
export function useRealtimeEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): void;
export function useRealtimeEvent(event: string, handler: (payload: unknown) => void): void;
export function useRealtimeEvent(event: string, handler: (payload: never) => void): void {
  const connection = useRealtimeConnection();
  const handlerRef = useRef(handler);
  useLayoutEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => connection.on(event, (payload) => handlerRef.current(payload as never)), [connection, event]);
}

interface RealtimeProviderProps {
  children?: ReactNode;
  connection?: RealtimeConnection;
}

/**
 * Keeps the socket in step with the session: connects after sign-in, reconnects when the person or a
 * rescuing token changes, disconnects on sign-out, and mirrors credit changes into the header.
 */
export function RealtimeProvider({ children, connection = realtimeConnection }: RealtimeProviderProps) {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();

  useEffect(() => {
    // Token rotation leaves no trace in the store, so every change re-reads it; sync is a no-op
    // unless the person or the token actually changed.
    const sync = () => {
      const { isAuthenticated, user } = store.getState().auth;
      connection.sync(isAuthenticated && user ? user.id : null);
    };
    sync();
    const unsubscribe = store.subscribe(sync);
    return () => {
      unsubscribe();
      connection.disconnect();
    };
  }, [store, connection]);

  useEffect(
    () =>
      connection.on('credits:updated', (payload) => {
        const credits = (payload as ServerEventPayload<'credits:updated'> | undefined)?.credits;
        if (typeof credits === 'number') dispatch(creditsUpdated(credits));
      }),
    [connection, dispatch],
  );

  return <RealtimeContext.Provider value={connection}>{children}</RealtimeContext.Provider>;
}
