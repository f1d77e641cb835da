import { NavLink } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { Badge, cx } from '../../../components/ui';
import { useGetUnreadCountQuery } from '../messaging-api';
import { useConversationsLive } from '../use-conversations-live';
import '../messaging.css';

/** Header link to /messages with the unread count, for signed-in people. */
export function MessagesNavLink({ onNavigate }: { onNavigate?: () => void }) {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated && !!state.auth.user);
  if (!isAuthenticated) return null;
  return <SignedInLink onNavigate={onNavigate} />;
}

function SignedInLink({ onNavigate }: { onNavigate?: () => void }) {
  useConversationsLive();
  const { data: count = 0 } = useGetUnreadCountQuery();
  return (
    <NavLink
      to="/messages"
      className={({ isActive }) => cx('site-nav__link', 'messages-nav-link', isActive && 'site-nav__link--active')}
      onClick={onNavigate}
    >
      Messages
      {count > 0 && (
        <Badge tone="accent">
          <span aria-label={`${count} unread`}>{count > 99 ? '99+' : count}</span>
        </Badge>
      )}
    </NavLink>
  );
}
