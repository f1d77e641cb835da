import { useAppDispatch } from '../../lib/hooks';
import { useRealtimeEvent } from '../realtime';
import { notificationsApi } from './notifications-api';

/**
 * Keeps the bell's count and the open panel current: a new (or regrouped) notification and a read
 * elsewhere carry the unread count, which goes straight into the cache; the list (and, after a new
 * notification, the count) is fetched again.
 */
export function useNotificationsLive(): void {
  const dispatch = useAppDispatch();
  const setUnread = (unread: number) =>
    dispatch(notificationsApi.util.upsertQueryData('getNotificationsUnread', undefined, unread));
  useRealtimeEvent('notification', (payload) => {
    void setUnread(payload.unread);
    // Two notifications written at once may arrive in the other order, each with the count as its
    // writer saw it: the count is read again, so the later one never leaves the bell behind.
    dispatch(
      notificationsApi.util.invalidateTags([
        { type: 'Notifications', id: 'LIST' },
        { type: 'Notifications', id: 'UNREAD' },
      ]),
    );
  });
  // More was missed than one catch-up sends: the count and the list are read again.
  useRealtimeEvent('caughtUp', (payload) => {
    if (!payload.complete)
      dispatch(
        notificationsApi.util.invalidateTags([
          { type: 'Notifications', id: 'LIST' },
          { type: 'Notifications', id: 'UNREAD' },
        ]),
      );
  });
  useRealtimeEvent('notifications:unread', (payload) => {
    void setUnread(payload.unread);
    dispatch(notificationsApi.util.invalidateTags([{ type: 'Notifications', id: 'LIST' }]));
  });
}
