import type { SQL } from 'drizzle-orm';
import type { WebhookEventType } from '@atelier/shared';

/** An event for the webhook endpoints of one person (DESIGN.md §12: processes announce, developers delivers). */
export interface WebhookEvent {
  userId: string;
  type: WebhookEventType;
  /** The same key twice is one event: a replayed emit delivers nothing more. */
  key: string;
  data: Record<string, unknown>;
}

export interface WebhookEmitter {
  /** Records the event once and queues its deliveries; a failure is logged, never passed on. */
  emit(event: WebhookEvent): Promise<void>;
}

/**
 * How the modules that do things (generation, billing, messaging, applications) announce them to
 * people's webhook endpoints without importing the developers module, which sits above them: the
 * process builds one from the developers module (runtime.ts) and hands it over in AppDeps.
 */
export interface Webhooks {
  /** An emitter whose failures go to `log`. */
  emitter(log?: { error(obj: object, msg?: string): void }): WebhookEmitter;
  /**
   * Whether `userId` (an SQL expression) has an enabled endpoint listening for `type`, as an SQL
   * boolean, so a statement that records a fact can say at once whether an event is worth emitting.
   */
  listening(userId: SQL, type: WebhookEventType): SQL;
}
