import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useGetChatPartnerQuery } from '../messaging-api';
import { useThread } from '../use-thread';
import { Composer, MessageList } from './thread-view';
import { messageDraftKey } from '../message-draft';

interface ThreadPanelProps {
  selfId: string;
  otherId: string;
  asSupport?: boolean;
  isOtherOnline?: boolean;
  /** Where "All conversations" leads; on narrow screens the thread replaces the list. */
  backTo?: string;
}

function usePageVisible(): boolean {
  const [isVisible, setIsVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  );
  useEffect(() => {
    const update = () => setIsVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return isVisible;
}

/** A whole conversation: who it is with, the messages, typing, and the input. */
export function ThreadPanel({ selfId, otherId, asSupport = false, isOtherOnline, backTo }: ThreadPanelProps) {
  const isVisible = usePageVisible();
  const partner = useGetChatPartnerQuery(otherId);
  const thread = useThread({ selfId, otherId, asSupport, isVisible });
  const isOnline = isOtherOnline ?? partner.data?.isOnline ?? false;

  if (partner.isError) {
    return (
      <section className="thread-panel">
        <p className="chat-messages__empty">This person could not be found.</p>
      </section>
    );
  }
  return (
    <section
      className="thread-panel"
      aria-label={partner.data ? `Conversation with ${partner.data.fullName}` : 'Conversation'}
    >
      <header className="thread-panel__header">
        {backTo && (
          <Link className="thread-panel__back" to={backTo}>
            ← All conversations
          </Link>
        )}
        <span
          className={isOnline ? 'presence-dot presence-dot--online' : 'presence-dot'}
          role="img"
          aria-label={isOnline ? 'Online' : 'Offline'}
        />
        <h2>{partner.data ? partner.data.fullName : 'Conversation'}</h2>
        {partner.data && <span className="conversation-list__preview">@{partner.data.username}</span>}
      </header>
      {!thread.isConnected && (
        <p className="support-chat__notice" role="status">
          Not connected to chat server
        </p>
      )}
      {thread.loadError && (
        <p className="support-chat__notice" role="alert">
          {thread.loadError}
        </p>
      )}
      <MessageList
        messages={thread.messages}
        selfId={selfId}
        isOtherTyping={thread.isOtherTyping}
        emptyText={thread.isLoading ? 'Loading messages...' : 'No messages yet. Start a conversation!'}
        hasMore={thread.hasMore}
        isLoadingOlder={thread.isLoadingOlder}
        onReachTop={() => void thread.loadOlder()}
      />
      <Composer key={otherId} thread={thread} autoFocus draftKey={messageDraftKey(selfId, otherId)} />
    </section>
  );
}
