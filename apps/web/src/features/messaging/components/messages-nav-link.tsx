import { NavLink } from 'react-router';
import { useAppSelector } from '../../../lib/hooks';
import { Badge, cx } from '../../../components/ui';
import { useGetUnreadCountQuery } from '../messaging-api';
import { useConversationsLive } from '../use-conversations-live';
import '../messaging.css';

interface MessagesNavLinkProps {
  onNavigate?: () => void;
  /**
   * Whether this link keeps the unread count current from socket events. The header's link does;
   * a second copy (the narrow-screen menu) reads the same cache and leaves it off.
   */
  isLive?: boolean;
}

/** Header link to /messages with the unread count, for signed-in people. */
export function MessagesNavLink({ onNavigate, isLive = true }: MessagesNavLinkProps) {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated && !!state.auth.user);
  if (!isAuthenticated) return null;
  return (
    <>
      {isLive && <LiveConversations />}
      <SignedInLink onNavigate={onNavigate} />
    </>
  );
}

function LiveConversations() {
  useConversationsLive();
  return null;
}

function SignedInLink({ onNavigate }: { onNavigate?: () => void }) {
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
