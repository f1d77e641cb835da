import { z } from 'zod';
import { plan, planBody, planBulkBody, planListQuery, planStripeBody, planUpdateBody } from '../schemas/billing.js';
import { idParam, pagination } from '../schemas/common.js';
import { contract } from './contract.js';
import { plansEndpoints as e } from './plans.endpoints.js';

const planReply = z.object({ data: plan, message: z.string().optional() });

export const plansContracts = {
  active: contract(e.active, {
    tags: ['plans'],
    summary: 'Active plans, in display order',
    reply: { 200: z.object({ data: z.object({ plans: z.array(plan) }) }) },
  }),
  list: contract(e.list, {
    tags: ['plans', 'admin'],
    summary: 'Every plan (admin)',
    query: planListQuery,
    reply: { 200: z.object({ data: z.object({ plans: z.array(plan), pagination }) }) },
  }),
  byStripeProduct: contract(e.byStripeProduct, {
    tags: ['plans', 'admin'],
    summary: 'The plan with a payment-provider product id (admin)',
    params: z.object({ productId: z.string().min(1).max(200) }),
    reply: { 200: planReply },
  }),
  get: contract(e.get, { tags: ['plans'], summary: 'One plan', params: idParam, reply: { 200: planReply } }),
  create: contract(e.create, { tags: ['plans', 'admin'], summary: 'Create a plan (admin)', body: planBody, reply: { 201: planReply } }),
  createBulk: contract(e.createBulk, {
    tags: ['plans', 'admin'],
    summary: 'Create several plans at once, all or nothing (admin)',
    body: planBulkBody,
    reply: { 201: z.object({ data: z.array(plan), message: z.string() }) },
  }),
  update: contract(e.update, {
    tags: ['plans', 'admin'],
    summary: 'Update a plan (admin)',
    params: idParam,
    body: planUpdateBody,
    reply: { 200: planReply },
  }),
  updateStripe: contract(e.updateStripe, {
    tags: ['plans', 'admin'],
    summary: 'Set the payment-provider product and price ids of a plan (admin)',
    params: idParam,
    body: planStripeBody,
    reply: { 200: planReply },
  }),
  remove: contract(e.remove, {
    tags: ['plans', 'admin'],
    summary: 'Delete a plan (admin)',
    description: 'Refused with 409 while a live subscription uses the plan; deactivate it instead.',
    params: idParam,
    reply: { 200: z.object({ data: z.null(), message: z.string() }) },
  }),
} as const;
