import { useParams } from 'react-router';
import { EmptyState, Spinner, cx } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { AdminOnly } from '../../../components/admin-only';
import { ConversationList } from '../components/conversation-list';
import { ThreadPanel } from '../components/thread-panel';
import { useGetSupportInboxQuery } from '../messaging-api';
import { useConversationsLive } from '../use-conversations-live';
import '../messaging.css';

/**
 * /admin/support: every person's support conversation. Admins answer as the support account, so the
 * person always talks to one "Support" whoever is on duty.
 */
export function AdminSupportPage() {
  return (
    <AdminOnly page="/admin/support" description="Answer support conversations.">
      <h1>Support inbox</h1>
      <SupportInbox />
    </AdminOnly>
  );
}

function SupportInbox() {
  const { userId = null } = useParams();
  const online = useConversationsLive();
  const inbox = useGetSupportInboxQuery();
  const supportId = inbox.data?.supportUser.id ?? null;
  const list = inbox.data?.data ?? [];
  const active = list.find((c) => c.otherUser.id === userId);

  return (
    <div className={cx('messages-page', !!userId && !!supportId && 'messages-page--thread-open')}>
      <div>
        {inbox.isLoading ? (
          <Spinner label="Loading the support inbox" />
        ) : inbox.isError ? (
          <p role="alert">{errorMessage(inbox.error, 'Failed to load the support inbox')}</p>
        ) : list.length === 0 ? (
          <EmptyState
            headingLevel="h2"
            title="No support conversations"
            description="Messages sent from the support chat appear here."
          />
        ) : (
          <ConversationList
            conversations={list}
            activeUserId={userId}
            basePath="/admin/support"
            selfId={supportId}
            online={online}
          />
        )}
      </div>
      {userId && supportId ? (
        <ThreadPanel
          key={userId}
          backTo="/admin/support"
          selfId={supportId}
          otherId={userId}
          asSupport
          isOtherOnline={online[userId] ?? active?.otherUser.isOnline}
        />
      ) : (
        <section className="thread-panel thread-panel--placeholder">
          <p className="chat-messages__empty">Choose a conversation to answer it.</p>
        </section>
      )}
    </div>
  );
}
