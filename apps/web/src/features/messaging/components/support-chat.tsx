import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { CloseIcon, cx } from '../../../components/ui';
import { useRealtimeStatus } from '../../realtime';
import { useGetSupportUserQuery } from '../messaging-api';
import { useThread } from '../use-thread';
import { Composer, MessageList } from './thread-view';
import '../messaging.css';

export const SUPPORT_EMPTY_TEXT = 'No messages yet. Start a conversation!';
export const SUPPORT_OFFLINE_TEXT = 'Not connected to chat server';

/** Spec §2 "Support chat": only people whose role is user see it. */
export function SupportChat() {
  const user = useAppSelector((state) => state.auth.user);
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  if (!isAuthenticated || !user || user.role !== 'user') return null;
  return <SupportChatWidget selfId={user.id} />;
}

const isTypingField = (el: Element | null): boolean =>
  !!el &&
  (el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLInputElement &&
      !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color', 'image'].includes(el.type)) ||
    (el instanceof HTMLElement && el.isContentEditable));

/** How long the button stays away after typing stops, so a tap on "Post comment" below it lands there. */
export const REAPPEAR_DELAY_MS = 600;

/**
 * True while the person types in a field of the page (not the chat's own). The floating button steps
 * aside then: on a phone it would sit over the form's buttons and take their taps.
 */
function useTypingElsewhere(widget: RefObject<HTMLElement | null>): boolean {
  const [isTyping, setIsTyping] = useState(() => isTypingField(document.activeElement));
  useEffect(() => {
    let timer: number | undefined;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Element | null;
      if (widget.current?.contains(target)) return;
      if (isTypingField(target)) {
        window.clearTimeout(timer);
        setIsTyping(true);
      }
    };
    const onFocusOut = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const active = document.activeElement;
        setIsTyping(isTypingField(active) && !widget.current?.contains(active));
      }, REAPPEAR_DELAY_MS);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [widget]);
  return isTyping;
}

function SupportChatWidget({ selfId }: { selfId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const { status } = useRealtimeStatus();
  const isConnected = status === 'connected';
  const panelId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const isTypingElsewhere = useTypingElsewhere(rootRef);
  const isHidden = isTypingElsewhere && !isOpen;

  // The page keeps room at its foot for the button, so the last row of content is never under it.
  useEffect(() => {
    document.body.classList.add('has-support-chat');
    return () => document.body.classList.remove('has-support-chat');
  }, []);

  return (
    <div ref={rootRef} className="support-chat">
      {isOpen && (
        <section id={panelId} className="support-chat__panel" role="dialog" aria-labelledby={titleId}>
          <div className="support-chat__header">
            <h2 id={titleId} className="support-chat__title">
              Support Chat
            </h2>
            <button type="button" className="icon-btn" aria-label="Close support chat" onClick={() => setIsOpen(false)}>
              <CloseIcon size={18} />
            </button>
          </div>
          <SupportThread selfId={selfId} isConnected={isConnected} />
        </section>
      )}
      <button
        type="button"
        className="support-chat__button"
        hidden={isHidden}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        aria-label={`${isOpen ? 'Close' : 'Open'} support chat (${isConnected ? 'connected' : 'not connected'})`}
        onClick={() => setIsOpen((open) => !open)}
      >
        <ChatBubbleIcon />
        <span
          data-testid="support-chat-dot"
          className={cx('support-chat__dot', isConnected ? 'support-chat__dot--online' : 'support-chat__dot--offline')}
        />
      </button>
    </div>
  );
}

function SupportThread({ selfId, isConnected }: { selfId: string; isConnected: boolean }) {
  const support = useGetSupportUserQuery();
  const thread = useThread({ selfId, otherId: support.data?.id ?? null, isVisible: true });

  if (support.isError) {
    return <p className="support-chat__notice">Support is not available right now</p>;
  }
  return (
    <>
      {!isConnected && (
        <p className="support-chat__notice" role="status">
          {SUPPORT_OFFLINE_TEXT}
        </p>
      )}
      <MessageList
        messages={thread.messages}
        selfId={selfId}
        isOtherTyping={thread.isOtherTyping}
        emptyText={SUPPORT_EMPTY_TEXT}
        hasMore={thread.hasMore}
        isLoadingOlder={thread.isLoadingOlder}
        onReachTop={() => void thread.loadOlder()}
        showReceipts={false}
      />
      <Composer thread={thread} label="Message to support" autoFocus />
    </>
  );
}

function ChatBubbleIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  );
}
