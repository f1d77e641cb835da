import { useState } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { useRealtimeEvent } from '../realtime';
import { messagingApi } from './messaging-api';

/**
 * Keeps conversation lists and the unread badge current: any message or read mark refetches them,
 * and presence changes are tracked here for the online dots.
 */
export function useConversationsLive(): Record<string, boolean> {
  const dispatch = useAppDispatch();
  const [online, setOnline] = useState<Record<string, boolean>>({});
  const refresh = () =>
    dispatch(
      messagingApi.util.invalidateTags([
        { type: 'Conversations', id: 'LIST' },
        { type: 'Conversations', id: 'SUPPORT' },
        { type: 'Conversations', id: 'UNREAD' },
      ]),
    );
  useRealtimeEvent('conversationUpdated', refresh);
  // Replayed messages come without their conversations' updates: the lists are read again.
  useRealtimeEvent('caughtUp', (payload) => {
    if (payload.replayed > 0 || !payload.complete) refresh();
  });
  useRealtimeEvent('presence', (payload) =>
    setOnline((current) => ({ ...current, [payload.userId]: payload.isOnline })),
  );
  return online;
}
