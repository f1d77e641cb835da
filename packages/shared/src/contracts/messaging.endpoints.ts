import { endpoint } from './contract.js';

/** Messages and the support chat over HTTP (live traffic is on the socket). Schemas: `./messaging.ts`. */
export const messagingEndpoints = {
  conversations: endpoint('GET', '/messages/conversations'),
  thread: endpoint('GET', '/messages/conversations/:userId/messages'),
  markRead: endpoint('POST', '/messages/conversations/:userId/read'),
  partner: endpoint('GET', '/messages/users/:userId'),
  unreadCount: endpoint('GET', '/messages/unread-count'),
  support: endpoint('GET', '/messages/support'),
  supportInbox: endpoint('GET', '/messages/support/inbox'),
} as const;
