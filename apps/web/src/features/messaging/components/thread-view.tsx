import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import { MESSAGE_MAX_LENGTH, MSG, type ChatMessage } from '@atelier/shared';
import { Button, Spinner, cx } from '../../../components/ui';
import { formatMessageTime } from '../thread-merge';
import { readMessageDraft, writeMessageDraft } from '../message-draft';
import { ReportButton } from '../../moderation';
import type { useThread } from '../use-thread';

type Thread = ReturnType<typeof useThread>;

interface MessageListProps {
  messages: ChatMessage[];
  selfId: string | null;
  isOtherTyping: boolean;
  emptyText: string;
  hasMore?: boolean;
  isLoadingOlder?: boolean;
  onReachTop?: () => void;
  /** Read marks on your own messages (direct messages); the support panel keeps it simple. */
  showReceipts?: boolean;
}

/** Messages oldest to newest, kept scrolled to the newest unless the reader scrolled up. */
export function MessageList({
  messages,
  selfId,
  isOtherTyping,
  emptyText,
  hasMore = false,
  isLoadingOlder = false,
  onReachTop,
  showReceipts = true,
}: MessageListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const previous = useRef({ count: 0, firstId: '', height: 0 });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const first = messages[0]?.id ?? '';
    const before = previous.current;
    if (
      before.firstId &&
      first !== before.firstId &&
      messages.length > before.count &&
      el.scrollHeight > before.height
    ) {
      // Older messages were added above: keep the reader's place.
      el.scrollTop += el.scrollHeight - before.height;
    } else if (messages.length !== before.count || isOtherTyping) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { count: messages.length, firstId: first, height: el.scrollHeight };
  }, [messages, isOtherTyping]);

  return (
    <div
      ref={ref}
      className="chat-messages"
      role="log"
      aria-live="polite"
      aria-label="Messages"
      onScroll={(event) => {
        if (event.currentTarget.scrollTop < 40 && hasMore && !isLoadingOlder) onReachTop?.();
      }}
    >
      {hasMore && (
        <div className="chat-messages__older">
          {isLoadingOlder ? (
            <Spinner size="sm" label="Loading older messages" />
          ) : (
            <button type="button" className="chat-link" onClick={onReachTop}>
              Load older messages
            </button>
          )}
        </div>
      )}
      {messages.length === 0 ? (
        <p className="chat-messages__empty">{emptyText}</p>
      ) : (
        <ul className="chat-messages__list">
          {messages.map((m) => {
            const isMine = m.senderId === selfId;
            return (
              <li key={m.id} className={cx('chat-bubble', isMine ? 'chat-bubble--mine' : 'chat-bubble--theirs')}>
                {/* Text only: React escapes it, so markup in a message is shown, never run. */}
                <p className="chat-bubble__text">{m.content}</p>
                <span className="chat-bubble__meta">
                  <time dateTime={m.createdAt}>{formatMessageTime(m.createdAt)}</time>
                  {!isMine && <ReportButton targetType="message" targetId={m.id} ownerId={m.senderId} />}
                  {isMine && showReceipts && (
                    <span
                      className="chat-bubble__receipt"
                      aria-label={m.readAt ? 'Read' : 'Sent'}
                      title={m.readAt ? 'Read' : 'Sent'}
                    >
                      {m.readAt ? '✓✓' : '✓'}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {isOtherTyping && (
        <p className="chat-typing" aria-live="polite">
          Typing...
        </p>
      )}
    </div>
  );
}

interface ComposerProps {
  thread: Pick<Thread, 'send' | 'noteTyping' | 'stopTyping' | 'isConnected'>;
  label?: string;
  autoFocus?: boolean;
  /** Where the unsent text is kept (`messageDraftKey`), so it comes back after signing in again. */
  draftKey?: string;
}

/** The message input; failures show the spec's texts in a toast. */
export function Composer({ thread, label = 'Message', autoFocus = false, draftKey }: ComposerProps) {
  const [text, setTextState] = useState(() => (draftKey ? readMessageDraft(draftKey) : ''));
  const setText = (next: string) => {
    setTextState(next);
    if (draftKey) writeMessageDraft(draftKey, next);
  };
  const [isSending, setIsSending] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (!content || isSending) return;
    thread.stopTyping();
    setIsSending(true);
    try {
      await thread.send(content);
      setText('');
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : MSG.messaging.sendFailed);
    } finally {
      setIsSending(false);
      inputRef.current?.focus();
    }
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      <textarea
        ref={inputRef}
        className="chat-composer__input"
        aria-label={label}
        placeholder="Type a message..."
        rows={1}
        maxLength={MESSAGE_MAX_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value) thread.noteTyping();
          else thread.stopTyping();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <Button type="submit" size="sm" isLoading={isSending} disabled={!text.trim() || isSending}>
        Send
      </Button>
    </form>
  );
}
