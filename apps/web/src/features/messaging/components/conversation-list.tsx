import { Link } from 'react-router';
import type { Conversation } from '@atelier/shared';
import { Badge, cx } from '../../../components/ui';
import { formatMessageTime } from '../thread-merge';

interface ConversationListProps {
  conversations: Conversation[];
  activeUserId: string | null;
  /** Where a conversation opens: `/messages/<id>` or `/admin/support/<id>`. */
  basePath: string;
  /** The viewer's id as it appears in messages (the support account for agents). */
  selfId: string | null;
  online: Record<string, boolean>;
}

export function ConversationList({ conversations, activeUserId, basePath, selfId, online }: ConversationListProps) {
  return (
    <ul className="conversation-list" aria-label="Conversations">
      {conversations.map((c) => {
        const isOnline = online[c.otherUser.id] ?? c.otherUser.isOnline;
        const last = c.lastMessage;
        return (
          <li
            key={c.id}
            className={cx(
              'conversation-list__item',
              c.otherUser.id === activeUserId && 'conversation-list__item--active',
            )}
          >
            <Link
              to={`${basePath}/${c.otherUser.id}`}
              aria-current={c.otherUser.id === activeUserId ? 'page' : undefined}
            >
              <span
                className={cx('presence-dot', isOnline && 'presence-dot--online')}
                role="img"
                aria-label={isOnline ? 'Online' : 'Offline'}
              />
              <span>
                <span className="conversation-list__name">{c.otherUser.fullName}</span>
                {last && (
                  <span className="conversation-list__preview">
                    {last.senderId === selfId ? 'You: ' : ''}
                    {last.content}
                  </span>
                )}
              </span>
              <span>
                {c.unreadCount > 0 ? (
                  <Badge tone="accent">
                    <span aria-label={`${c.unreadCount} unread`}>{c.unreadCount}</span>
                  </Badge>
                ) : last ? (
                  <time className="conversation-list__preview" dateTime={last.createdAt}>
                    {formatMessageTime(last.createdAt)}
                  </time>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
