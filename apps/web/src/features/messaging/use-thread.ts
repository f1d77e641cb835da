import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG, type ChatMessage, type SendMessageAck } from '@atelier/shared';
import { useRealtimeConnection, useRealtimeEvent, useRealtimeStatus } from '../realtime';
import { useLazyGetThreadPageQuery, useMarkConversationReadMutation } from './messaging-api';
import { isInThread, markRead, mergeMessages } from './thread-merge';

/** How long a typing indicator lasts without a fresh `typing` (a lost `stopTyping` must not stick). */
const TYPING_TTL_MS = 6000;
/** Idle time after the last keystroke before `stopTyping` is sent. */
export const TYPING_IDLE_MS = 2000;

export interface ThreadOptions {
  /** The account the viewer speaks as: themselves, or the support account for agents. */
  selfId: string | null;
  otherId: string | null;
  asSupport?: boolean;
  /** The thread is on screen; unread messages from the other side are then marked read. */
  isVisible?: boolean;
}

/**
 * One conversation, kept live: REST for the first and older pages, the socket for history on join,
 * new messages, read receipts and typing. Everything merges by id, so nothing shows twice.
 */
export function useThread({ selfId, otherId, asSupport = false, isVisible = true }: ThreadOptions) {
  const connection = useRealtimeConnection();
  const { status } = useRealtimeStatus();
  const isConnected = status === 'connected';
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isOtherTyping, setIsOtherTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [fetchPage] = useLazyGetThreadPageQuery();
  const [markConversationRead] = useMarkConversationReadMutation();

  useEffect(() => {
    setMessages([]);
    setHasMore(false);
    setIsOtherTyping(false);
    setLoadError(null);
    if (!otherId || !selfId) return;
    let isCurrent = true;
    setIsLoading(true);
    fetchPage({ userId: otherId, asSupport })
      .unwrap()
      .then(
        (page) => {
          if (!isCurrent) return;
          setMessages((current) => mergeMessages(current, page.data));
          setHasMore(page.hasMore);
        },
        () => isCurrent && setLoadError('Failed to load messages'),
      )
      .finally(() => isCurrent && setIsLoading(false));
    return () => {
      isCurrent = false;
    };
  }, [otherId, selfId, asSupport, fetchPage]);

  // Joining after every (re)connect fills in anything sent while this tab was away.
  useEffect(() => {
    if (!isConnected || !otherId) return;
    try {
      connection.emit('joinConversation', { otherUserId: otherId, asSupport });
    } catch {
      return;
    }
    return () => {
      try {
        connection.emit('leaveConversation', { otherUserId: otherId, asSupport });
      } catch {
        // Already disconnected: there is nothing to leave.
      }
    };
  }, [connection, isConnected, otherId, asSupport]);

  useRealtimeEvent('messageHistory', (payload) => {
    if (payload.otherUserId !== otherId || !selfId) return;
    setMessages((current) =>
      mergeMessages(
        current,
        payload.messages.filter((m) => isInThread(m, selfId, payload.otherUserId)),
      ),
    );
  });

  const onMessage = (message: ChatMessage) => {
    if (!selfId || !otherId || !isInThread(message, selfId, otherId)) return;
    setMessages((current) => mergeMessages(current, [message]));
    if (message.senderId === otherId) setIsOtherTyping(false);
  };
  useRealtimeEvent('newMessage', onMessage);
  useRealtimeEvent('messageSent', onMessage);

  useRealtimeEvent('messageRead', (payload) => {
    if (payload.readerId !== otherId) return;
    setMessages((current) => markRead(current, payload.messageIds, payload.readAt));
  });

  useRealtimeEvent('typing', (payload) => {
    if (payload.senderId !== otherId || payload.recipientId !== selfId) return;
    setIsOtherTyping(true);
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => setIsOtherTyping(false), TYPING_TTL_MS);
  });
  useRealtimeEvent('stopTyping', (payload) => {
    if (payload.senderId !== otherId || payload.recipientId !== selfId) return;
    setIsOtherTyping(false);
  });
  useEffect(
    () => () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );

  const unreadFromOther = messages.filter((m) => m.senderId === otherId && !m.readAt).length;
  useEffect(() => {
    if (!isVisible || !otherId || unreadFromOther === 0) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    const readAt = new Date().toISOString();
    void markConversationRead({ userId: otherId, asSupport })
      .unwrap()
      .then((result) => {
        setMessages((current) =>
          current.map((m) => (m.senderId === otherId && !m.readAt ? { ...m, readAt: result.readAt ?? readAt } : m)),
        );
      })
      .catch(() => undefined);
  }, [isVisible, otherId, asSupport, unreadFromOther, markConversationRead]);

  const loadOlder = useCallback(async () => {
    if (!otherId || !hasMore || isLoadingOlder) return;
    const oldest = messages[0];
    if (!oldest) return;
    setIsLoadingOlder(true);
    try {
      const page = await fetchPage({ userId: otherId, before: oldest.id, asSupport }).unwrap();
      setMessages((current) => mergeMessages(current, page.data));
      setHasMore(page.hasMore);
    } catch {
      setLoadError('Failed to load messages');
    } finally {
      setIsLoadingOlder(false);
    }
  }, [otherId, hasMore, isLoadingOlder, messages, fetchPage, asSupport]);

  /** Sends and resolves with the stored message; failures are logged and rethrown (spec §8). */
  const send = useCallback(
    async (content: string): Promise<ChatMessage> => {
      if (!otherId) throw new Error(MSG.messaging.sendFailed);
      try {
        const ack = await connection.emitWithAck<SendMessageAck>('sendMessage', {
          recipientId: otherId,
          content,
          asSupport,
        });
        if (!ack || !ack.ok) throw new Error(ack && !ack.ok ? ack.error : MSG.messaging.sendFailed);
        setMessages((current) => mergeMessages(current, [ack.message]));
        return ack.message;
      } catch (err) {
        console.error('Failed to send message', err);
        throw err instanceof Error && err.message ? err : new Error(MSG.messaging.sendFailed);
      }
    },
    [connection, otherId, asSupport],
  );

  /** Typing signals: one `typing` per burst, `stopTyping` after 2 s idle or on send. */
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isTypingSent = useRef(false);
  const stopTyping = useCallback(() => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
    if (!isTypingSent.current || !otherId) return;
    isTypingSent.current = false;
    try {
      connection.emit('stopTyping', { recipientId: otherId, asSupport });
    } catch {
      // Offline: the other side's indicator times out on its own.
    }
  }, [connection, otherId, asSupport]);
  const noteTyping = useCallback(() => {
    if (!otherId || !connection.isConnected) return;
    if (!isTypingSent.current) {
      try {
        connection.emit('typing', { recipientId: otherId, asSupport });
        isTypingSent.current = true;
      } catch {
        return;
      }
    }
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }, [connection, otherId, asSupport, stopTyping]);
  useEffect(() => stopTyping, [stopTyping]);

  return {
    messages,
    hasMore,
    isLoading,
    isLoadingOlder,
    loadError,
    isOtherTyping,
    isConnected,
    loadOlder,
    send,
    noteTyping,
    stopTyping,
  };
}
