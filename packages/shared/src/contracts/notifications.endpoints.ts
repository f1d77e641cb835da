import { endpoint } from './contract.js';

/** Notifications of the signed-in person. Schemas: `./notifications.ts`. */
export const notificationsEndpoints = {
  list: endpoint('GET', '/notifications'),
  unreadCount: endpoint('GET', '/notifications/unread-count'),
  read: endpoint('POST', '/notifications/:id/read'),
  readAll: endpoint('POST', '/notifications/read-all'),
  settings: endpoint('GET', '/notifications/settings'),
  updateSettings: endpoint('PATCH', '/notifications/settings'),
  unsubscribe: endpoint('POST', '/notifications/unsubscribe'),
} as const;
