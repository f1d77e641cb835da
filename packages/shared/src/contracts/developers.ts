import { z } from 'zod';
import { idParam, pagination } from '../schemas/common.js';
import {
  adminApiKey,
  adminApiKeysQuery,
  apiKey,
  createApiKeyBody,
  createdApiKey,
  createdWebhook,
  createWebhookBody,
  updateWebhookBody,
  webhookDelivery,
  webhookDeliveryParams,
  webhookEndpoint,
} from '../schemas/developers.js';
import { contract } from './contract.js';
import { developersEndpoints as d } from './developers.endpoints.js';

const withMessage = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string() });
const tags = ['developers'];
const adminTags = ['developers', 'admin'];

export const developersContracts = {
  listKeys: contract(d.listKeys, {
    tags,
    summary: 'Your API keys, live ones first',
    reply: { 200: z.object({ data: z.array(apiKey) }) },
  }),
  createKey: contract(d.createKey, {
    tags,
    summary: 'Create an API key; its secret is in this reply only',
    description: 'The key is stored as a hash: copy `token` now, it cannot be shown again.',
    body: createApiKeyBody,
    reply: { 201: withMessage(createdApiKey) },
    errors: [409],
  }),
  revokeKey: contract(d.revokeKey, {
    tags,
    summary: 'Revoke one of your API keys (at once, for good)',
    params: idParam,
    reply: { 200: withMessage(apiKey) },
  }),
  adminListKeys: contract(d.adminListKeys, {
    tags: adminTags,
    summary: 'Everyone’s API keys, newest first (admin)',
    query: adminApiKeysQuery,
    reply: { 200: z.object({ data: z.array(adminApiKey), pagination }) },
  }),
  adminRevokeKey: contract(d.adminRevokeKey, {
    tags: adminTags,
    summary: 'Revoke anyone’s API key (admin); recorded in the audit trail',
    params: idParam,
    reply: { 200: withMessage(apiKey) },
  }),
  listWebhooks: contract(d.listWebhooks, {
    tags,
    summary: 'Your webhook endpoints',
    reply: { 200: z.object({ data: z.array(webhookEndpoint) }) },
  }),
  createWebhook: contract(d.createWebhook, {
    tags,
    summary: 'Register a webhook endpoint; its signing secret is in this reply only',
    description:
      'Deliveries follow Standard Webhooks: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret). ' +
      'Endpoints on loopback, private or link-local addresses are refused.',
    body: createWebhookBody,
    reply: { 201: withMessage(createdWebhook) },
    errors: [409],
  }),
  updateWebhook: contract(d.updateWebhook, {
    tags,
    summary: 'Change an endpoint’s URL or events, or turn it off and on',
    params: idParam,
    body: updateWebhookBody,
    reply: { 200: withMessage(webhookEndpoint) },
  }),
  deleteWebhook: contract(d.deleteWebhook, {
    tags,
    summary: 'Delete a webhook endpoint and its delivery log',
    params: idParam,
    reply: { 200: withMessage(z.null()) },
  }),
  listDeliveries: contract(d.listDeliveries, {
    tags,
    summary: 'The endpoint’s latest 50 deliveries, each with every attempt',
    params: idParam,
    reply: { 200: z.object({ data: z.array(webhookDelivery) }) },
  }),
  resendDelivery: contract(d.resendDelivery, {
    tags,
    summary: 'Send a delivery again now',
    params: webhookDeliveryParams,
    reply: { 202: withMessage(z.null()) },
    errors: [409],
  }),
} as const;
