import type { CatchUpCursor, CaughtUpPayload, ChatMessage, NotificationPayload } from '@atelier/shared';

/** How many message ids are remembered to drop a second copy (a replay overlapping live delivery). */
const REMEMBERED_MESSAGES = 2000;

const time = (iso: string | undefined): number => (iso ? Date.parse(iso) : Number.NaN);
const isNewer = (iso: string, than: string | undefined) => !than || time(iso) > time(than);

/**
 * What this client holds of the person's live traffic: the cursor it sends when it (re)connects
 * and with `catchUp`, so the server replays only what it missed, and the memory that lets through
 * each message and each notification change once, whether it came live or in a replay.
 */
export class CatchUpState {
  private messageId: string | undefined;
  private messageAt: string | undefined;
  private notificationsAt: string | undefined;
  private at: string | undefined;
  private readonly messages = new Set<string>();
  /** Per notification, the newest `updatedAt` heard: a group updated in place comes again, newer. */
  private readonly notifications = new Map<string, string>();

  /** The cursor to send, or undefined when nothing was heard yet (then nothing is replayed). */
  since(): CatchUpCursor | undefined {
    const since: CatchUpCursor = {};
    if (this.messageId) since.messageId = this.messageId;
    if (this.notificationsAt) since.notificationsAt = this.notificationsAt;
    if (this.at) since.at = this.at;
    return Object.keys(since).length > 0 ? since : undefined;
  }

  /** Whether a server event should reach the app; notes what it carries. Duplicates return false. */
  accept(event: string, payload: unknown): boolean {
    switch (event) {
      case 'newMessage':
      case 'messageSent':
        return this.noteMessage(payload as ChatMessage | undefined);
      case 'notification':
        return this.noteNotification(payload as NotificationPayload | undefined);
      case 'caughtUp': {
        const at = (payload as CaughtUpPayload | undefined)?.at;
        if (typeof at === 'string' && !Number.isNaN(time(at)) && isNewer(at, this.at)) this.at = at;
        return true;
      }
      default:
        return true;
    }
  }

  /** A message the client got otherwise (the acknowledgement of its own send). */
  noteMessage(message: ChatMessage | undefined): boolean {
    if (!message || typeof message.id !== 'string') return true;
    if (this.messages.has(message.id)) return false;
    this.messages.add(message.id);
    if (this.messages.size > REMEMBERED_MESSAGES) {
      const oldest = this.messages.values().next().value;
      if (oldest !== undefined) this.messages.delete(oldest);
    }
    if (typeof message.createdAt === 'string' && (!this.messageAt || time(message.createdAt) >= time(this.messageAt))) {
      this.messageId = message.id;
      this.messageAt = message.createdAt;
    }
    return true;
  }

  private noteNotification(payload: NotificationPayload | undefined): boolean {
    const n = payload?.notification;
    if (!n || typeof n.id !== 'string' || typeof n.updatedAt !== 'string') return true;
    const known = this.notifications.get(n.id);
    if (known && !isNewer(n.updatedAt, known)) return false;
    this.notifications.delete(n.id);
    this.notifications.set(n.id, n.updatedAt);
    if (this.notifications.size > REMEMBERED_MESSAGES) {
      const oldest = this.notifications.keys().next().value;
      if (oldest !== undefined) this.notifications.delete(oldest);
    }
    if (isNewer(n.updatedAt, this.notificationsAt)) this.notificationsAt = n.updatedAt;
    return true;
  }

  /** Another person signs in: nothing of the last one's carries over. */
  reset(): void {
    this.messageId = this.messageAt = this.notificationsAt = this.at = undefined;
    this.messages.clear();
    this.notifications.clear();
  }
}
