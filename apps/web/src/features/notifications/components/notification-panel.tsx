import { useState } from 'react';
import { Link } from 'react-router';
import { notificationText, type Notification } from '@atelier/shared';
import { Button, Spinner, cx } from '../../../components/ui';
import { formatDate } from '../../../components/format';
import {
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../notifications-api';

interface NotificationPanelProps {
  unread: number;
  /** Called when a row's link is followed, so the bell can close the panel. */
  onNavigate: () => void;
}

/** The list under the bell, newest first; each row links to what it is about and marks it read. */
export function NotificationPanel({ unread, onNavigate }: NotificationPanelProps) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [markAll, { isLoading: isMarking }] = useMarkAllNotificationsReadMutation();
  return (
    <div className="notification-panel" role="dialog" aria-label="Notifications" tabIndex={-1}>
      <div className="notification-panel__head">
        <h2 className="notification-panel__title">Notifications</h2>
        {unread > 0 && (
          <Button size="sm" variant="ghost" isLoading={isMarking} onClick={() => void markAll()}>
            Mark all read
          </Button>
        )}
      </div>
      <ul className="notification-panel__list">
        {cursors.map((cursor, i) => (
          <NotificationPage
            key={cursor ?? 'first'}
            cursor={cursor}
            isLast={i === cursors.length - 1}
            onMore={(next) => setCursors((c) => [...c, next])}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </div>
  );
}

function NotificationPage({
  cursor,
  isLast,
  onMore,
  onNavigate,
}: {
  cursor: string | undefined;
  isLast: boolean;
  onMore: (cursor: string) => void;
  onNavigate: () => void;
}) {
  const { data, isLoading, isError } = useGetNotificationsQuery(cursor ? { cursor } : undefined);
  if (isLoading) {
    return (
      <li className="notification-panel__state">
        <Spinner size="sm" label="Loading notifications" />
      </li>
    );
  }
  if (isError || !data) return <li className="notification-panel__state">Notifications could not be loaded.</li>;
  if (!cursor && data.data.length === 0) {
    return <li className="notification-panel__state">Nothing yet. Likes, comments and follows show up here.</li>;
  }
  return (
    <>
      {data.data.map((n) => (
        <NotificationRow key={n.id} notification={n} onNavigate={onNavigate} />
      ))}
      {isLast && data.nextCursor && (
        <li className="notification-panel__more">
          <Button size="sm" variant="ghost" onClick={() => onMore(data.nextCursor!)}>
            Show older
          </Button>
        </li>
      )}
    </>
  );
}

function NotificationRow({ notification: n, onNavigate }: { notification: Notification; onNavigate: () => void }) {
  const [markRead] = useMarkNotificationReadMutation();
  return (
    <li className={cx('notification-row', !n.isRead && 'notification-row--unread')}>
      <Link
        to={n.link}
        className="notification-row__link"
        onClick={() => {
          if (!n.isRead) void markRead(n.id);
          onNavigate();
        }}
      >
        <span className="notification-row__text">{notificationText(n)}</span>
        {n.excerpt && n.kind !== 'application-status' && <span className="notification-row__excerpt">{n.excerpt}</span>}
        <time className="notification-row__time" dateTime={n.updatedAt}>
          {formatDate(n.updatedAt)}
        </time>
        {!n.isRead && <span className="visually-hidden"> (unread)</span>}
      </Link>
    </li>
  );
}
