import type { Content, ContentStatus } from './schemas/content.js';

/**
 * Socket.IO event names and payloads, both directions (DESIGN.md §4: `auth: { token }` in the
 * handshake). Each user's sockets share the room `user:<id>`, so an event reaches every open tab.
 */
export const SOCKET_EVENTS = {
  generationProgress: 'generation:progress',
  generationCompleted: 'generation:completed',
  generationFailed: 'generation:failed',
  creditsUpdated: 'credits:updated',
} as const;

export const userRoom = (userId: string): string => `user:${userId}`;

export interface GenerationProgressPayload {
  contentId: string;
  status: ContentStatus;
  /** 0-100. */
  progress: number;
}

export interface GenerationCompletedPayload {
  content: Content;
}

export interface GenerationFailedPayload {
  contentId: string;
  reason: string;
  /** Credits given back for this item (0 when nothing was charged). */
  refunded: number;
}

export interface CreditsUpdatedPayload {
  credits: number;
}

export interface ServerToClientEvents {
  'generation:progress': (payload: GenerationProgressPayload) => void;
  'generation:completed': (payload: GenerationCompletedPayload) => void;
  'generation:failed': (payload: GenerationFailedPayload) => void;
  'credits:updated': (payload: CreditsUpdatedPayload) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

// Events the client sends; the messaging module adds its own here.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}
