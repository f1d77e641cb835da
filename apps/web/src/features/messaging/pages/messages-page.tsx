import { useParams } from 'react-router';
import { SitePageMeta } from '../../../components/site-page-meta';
import { EmptyState, Spinner, cx } from '../../../components/ui';
import { useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { SignInRequired } from '../../../lib/sign-in-required';
import { ConversationList } from '../components/conversation-list';
import { ThreadPanel } from '../components/thread-panel';
import { useGetConversationsQuery } from '../messaging-api';
import { useConversationsLive } from '../use-conversations-live';
import '../messaging.css';

/** /messages and /messages/:userId: your conversations and one open thread. */
export function MessagesPage() {
  const user = useAppSelector((state) => state.auth.user);
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  return (
    <div className="container messages-screen">
      <SitePageMeta path="/messages" description="Your conversations on Atelier." />
      <h1>Messages</h1>
      {isAuthenticated && user ? <Inbox selfId={user.id} /> : <SignInRequired what="your messages" />}
    </div>
  );
}

function Inbox({ selfId }: { selfId: string }) {
  const { userId = null } = useParams();
  const online = useConversationsLive();
  const conversations = useGetConversationsQuery();
  const list = conversations.data?.data ?? [];
  const active = list.find((c) => c.otherUser.id === userId);

  return (
    <div className={cx('messages-page', !!userId && userId !== selfId && 'messages-page--thread-open')}>
      <div>
        {conversations.isLoading ? (
          <Spinner label="Loading conversations" />
        ) : conversations.isError ? (
          <p role="alert">{errorMessage(conversations.error, 'Failed to load conversations')}</p>
        ) : list.length === 0 ? (
          <EmptyState
            headingLevel="h2"
            title="No conversations yet"
            description="Open someone's profile and send them a message."
          />
        ) : (
          <ConversationList
            conversations={list}
            activeUserId={userId}
            basePath="/messages"
            selfId={selfId}
            online={online}
          />
        )}
      </div>
      {userId && userId !== selfId ? (
        <ThreadPanel
          key={userId}
          backTo="/messages"
          selfId={selfId}
          otherId={userId}
          isOtherOnline={online[userId] ?? active?.otherUser.isOnline}
        />
      ) : (
        <section className="thread-panel thread-panel--placeholder">
          <p className="chat-messages__empty">
            {userId === selfId ? 'You cannot message yourself' : 'Choose a conversation to read it.'}
          </p>
        </section>
      )}
    </div>
  );
}
