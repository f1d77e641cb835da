import { endpoint } from './contract.js';

/** Settings → Developers: API keys and outgoing webhooks. Schemas: `./developers.ts`. */
export const developersEndpoints = {
  listKeys: endpoint('GET', '/developers/keys'),
  createKey: endpoint('POST', '/developers/keys'),
  revokeKey: endpoint('DELETE', '/developers/keys/:id'),
  adminListKeys: endpoint('GET', '/admin/api-keys'),
  adminRevokeKey: endpoint('DELETE', '/admin/api-keys/:id'),
  listWebhooks: endpoint('GET', '/developers/webhooks'),
  createWebhook: endpoint('POST', '/developers/webhooks'),
  updateWebhook: endpoint('PATCH', '/developers/webhooks/:id'),
  deleteWebhook: endpoint('DELETE', '/developers/webhooks/:id'),
  listDeliveries: endpoint('GET', '/developers/webhooks/:id/deliveries'),
  resendDelivery: endpoint('POST', '/developers/webhooks/:id/deliveries/:deliveryId/resend'),
} as const;
